import type { LanguageCode } from '../../core/i18n.ts';

/** The words of the content page editor of both back offices, in the four languages. */
const EN = {
  pages: 'Content pages', lead: 'The pages of your shop: your own, and the platform’s defaults until you override them.',
  lead_admin: 'Platform default pages every shop shows, and the vendors’ overrides and own pages.', new_page: 'New page', new_default: 'New platform default',
  title: 'Title', slug: 'Address (slug)', slug_hint: 'Lowercase letters, digits and hyphens: the page is at /{slug} of the shop.', body: 'Text (Markdown)',
  body_hint: '# Heading, **bold**, *italic*, [link](https://…), - lists. Raw HTML is shown as text.', template: 'Template', sort_order: 'Position',
  sort_hint: 'In the navigation, lowest first.', default_language: 'Main language', placement: 'Navigation', in_header: 'In the header', in_footer: 'In the footer',
  in_legal: 'With the legal links (imprint, terms, privacy)', save_draft: 'Save as draft', save_publish: 'Save and publish', preview: 'Preview',
  preview_title: 'Preview ({language})', preview_note: 'Not saved yet: this is how the shop will show the text.', published: 'Published', draft: 'Draft',
  status: 'Status', source: 'Kind', source_platform: 'Platform default', source_override: 'Override', source_own: 'Own page', vendor: 'Vendor',
  outdated: 'Default changed since', outdated_long: 'The platform default of this page was rewritten on {date}, after this override was last saved. Look at it again.',
  default_text: 'The platform default now ({language})', override: 'Override', updated: 'Updated', languages: 'Languages', view_on_shop: 'View on the shop',
  publish: 'Publish', unpublish: 'Back to draft', delete: 'Delete this page', delete_confirm: 'Delete this page? An override gone, the shop shows the platform default again.',
  created: 'Page {slug} created.', saved: 'Page saved.', published_done: 'Page published.', unpublished_done: 'The page is a draft now.', deleted: 'Page {slug} deleted.',
  editing: 'Editing the {language} version', missing_language: 'no text yet', remove_language: 'Remove this language version', owner: 'Owner', platform: 'Platform',
  all_owners: 'Every owner', not_yours: 'A platform default is changed by the platform’s operators; override it to change it in your shop.', page_title: 'Page {slug}',
  template_default: 'Default', template_minimal: 'Minimal', template_modern: 'Modern', template_full: 'Full (landing page)', settings: 'Page settings', text: 'Text',
} as const;
export type ContentText = keyof typeof EN;

const FR: Record<ContentText, string> = {
  pages: 'Pages de contenu', lead: 'Les pages de votre boutique : les vôtres, et celles de la plateforme tant que vous ne les remplacez pas.',
  lead_admin: 'Les pages par défaut de la plateforme, et les remplacements et pages propres des vendeurs.', new_page: 'Nouvelle page', new_default: 'Nouvelle page par défaut',
  title: 'Titre', slug: 'Adresse (slug)', slug_hint: 'Minuscules, chiffres et tirets : la page est à /{slug} de la boutique.', body: 'Texte (Markdown)',
  body_hint: '# Titre, **gras**, *italique*, [lien](https://…), - listes. Le HTML brut est affiché comme texte.', template: 'Modèle', sort_order: 'Position',
  sort_hint: 'Dans la navigation, la plus petite d’abord.', default_language: 'Langue principale', placement: 'Navigation', in_header: 'Dans l’en-tête', in_footer: 'Dans le pied de page',
  in_legal: 'Avec les liens légaux (mentions, CGV, confidentialité)', save_draft: 'Enregistrer le brouillon', save_publish: 'Enregistrer et publier', preview: 'Aperçu',
  preview_title: 'Aperçu ({language})', preview_note: 'Pas encore enregistré : voici comment la boutique affichera le texte.', published: 'Publiée', draft: 'Brouillon',
  status: 'Statut', source: 'Type', source_platform: 'Page par défaut', source_override: 'Remplacement', source_own: 'Page propre', vendor: 'Vendeur',
  outdated: 'Défaut modifié depuis', outdated_long: 'La page par défaut a été réécrite le {date}, après le dernier enregistrement de ce remplacement. Relisez-la.',
  default_text: 'La page par défaut aujourd’hui ({language})', override: 'Remplacer', updated: 'Mise à jour', languages: 'Langues', view_on_shop: 'Voir dans la boutique',
  publish: 'Publier', unpublish: 'Repasser en brouillon', delete: 'Supprimer cette page', delete_confirm: 'Supprimer cette page ? Sans remplacement, la boutique montre de nouveau la page par défaut.',
  created: 'Page {slug} créée.', saved: 'Page enregistrée.', published_done: 'Page publiée.', unpublished_done: 'La page est maintenant un brouillon.', deleted: 'Page {slug} supprimée.',
  editing: 'Version {language} en cours d’édition', missing_language: 'pas encore de texte', remove_language: 'Supprimer cette version', owner: 'Propriétaire', platform: 'Plateforme',
  all_owners: 'Tous', not_yours: 'Une page par défaut est modifiée par les opérateurs de la plateforme ; remplacez-la pour la changer dans votre boutique.', page_title: 'Page {slug}',
  template_default: 'Standard', template_minimal: 'Minimal', template_modern: 'Moderne', template_full: 'Complet (page d’accueil)', settings: 'Réglages de la page', text: 'Texte',
};
const DE: Record<ContentText, string> = {
  pages: 'Inhaltsseiten', lead: 'Die Seiten Ihres Shops: Ihre eigenen, und die Standardseiten der Plattform, bis Sie sie ersetzen.',
  lead_admin: 'Die Standardseiten der Plattform, und die Ersetzungen und eigenen Seiten der Händler.', new_page: 'Neue Seite', new_default: 'Neue Standardseite',
  title: 'Titel', slug: 'Adresse (Slug)', slug_hint: 'Kleinbuchstaben, Ziffern und Bindestriche: die Seite liegt unter /{slug} des Shops.', body: 'Text (Markdown)',
  body_hint: '# Überschrift, **fett**, *kursiv*, [Link](https://…), - Listen. Rohes HTML wird als Text gezeigt.', template: 'Vorlage', sort_order: 'Position',
  sort_hint: 'In der Navigation, kleinste zuerst.', default_language: 'Hauptsprache', placement: 'Navigation', in_header: 'In der Kopfzeile', in_footer: 'In der Fußzeile',
  in_legal: 'Bei den rechtlichen Links (Impressum, AGB, Datenschutz)', save_draft: 'Als Entwurf speichern', save_publish: 'Speichern und veröffentlichen', preview: 'Vorschau',
  preview_title: 'Vorschau ({language})', preview_note: 'Noch nicht gespeichert: so zeigt der Shop den Text.', published: 'Veröffentlicht', draft: 'Entwurf',
  status: 'Status', source: 'Art', source_platform: 'Standardseite', source_override: 'Ersetzung', source_own: 'Eigene Seite', vendor: 'Händler',
  outdated: 'Standard seitdem geändert', outdated_long: 'Die Standardseite wurde am {date} neu geschrieben, nachdem diese Ersetzung zuletzt gespeichert wurde. Sehen Sie sie sich noch einmal an.',
  default_text: 'Die Standardseite heute ({language})', override: 'Ersetzen', updated: 'Aktualisiert', languages: 'Sprachen', view_on_shop: 'Im Shop ansehen',
  publish: 'Veröffentlichen', unpublish: 'Zurück zum Entwurf', delete: 'Diese Seite löschen', delete_confirm: 'Diese Seite löschen? Ohne Ersetzung zeigt der Shop wieder die Standardseite.',
  created: 'Seite {slug} angelegt.', saved: 'Seite gespeichert.', published_done: 'Seite veröffentlicht.', unpublished_done: 'Die Seite ist jetzt ein Entwurf.', deleted: 'Seite {slug} gelöscht.',
  editing: 'Bearbeitet wird die Version {language}', missing_language: 'noch kein Text', remove_language: 'Diese Sprachversion entfernen', owner: 'Eigentümer', platform: 'Plattform',
  all_owners: 'Alle', not_yours: 'Eine Standardseite ändern die Betreiber der Plattform; ersetzen Sie sie, um sie in Ihrem Shop zu ändern.', page_title: 'Seite {slug}',
  template_default: 'Standard', template_minimal: 'Minimal', template_modern: 'Modern', template_full: 'Voll (Startseite)', settings: 'Seiteneinstellungen', text: 'Text',
};
const LB: Record<ContentText, string> = {
  pages: 'Inhaltssäiten', lead: 'D’Säite vun Ärem Shop: Är eegen, an d’Standardsäite vun der Plattform, bis Dir se ersetzt.',
  lead_admin: 'D’Standardsäite vun der Plattform, an d’Ersetzungen an eege Säite vun den Händler.', new_page: 'Nei Säit', new_default: 'Nei Standardsäit',
  title: 'Titel', slug: 'Adress (Slug)', slug_hint: 'Kleng Buschtawen, Zifferen a Bindestricher: d’Säit ass ënner /{slug} vum Shop.', body: 'Text (Markdown)',
  body_hint: '# Iwwerschrëft, **fett**, *kursiv*, [Link](https://…), - Lëschten. Réit HTML gëtt als Text gewisen.', template: 'Virlag', sort_order: 'Positioun',
  sort_hint: 'An der Navigatioun, déi klengst als éischt.', default_language: 'Haaptsprooch', placement: 'Navigatioun', in_header: 'An der Kappzeil', in_footer: 'An der Fousszeil',
  in_legal: 'Bei de juristesche Linken (Impressum, AGB, Dateschutz)', save_draft: 'Als Entworf späicheren', save_publish: 'Späicheren a publizéieren', preview: 'Virschau',
  preview_title: 'Virschau ({language})', preview_note: 'Nach net gespäichert: esou weist de Shop den Text.', published: 'Publizéiert', draft: 'Entworf',
  status: 'Status', source: 'Aart', source_platform: 'Standardsäit', source_override: 'Ersetzung', source_own: 'Eege Säit', vendor: 'Händler',
  outdated: 'Standard zënterhier geännert', outdated_long: 'D’Standardsäit gouf den {date} nei geschriwwen, nodeems dës Ersetzung fir d’lescht gespäichert gouf. Kuckt se nach eng Kéier.',
  default_text: 'D’Standardsäit haut ({language})', override: 'Ersetzen', updated: 'Aktualiséiert', languages: 'Sproochen', view_on_shop: 'Am Shop kucken',
  publish: 'Publizéieren', unpublish: 'Zréck op Entworf', delete: 'Dës Säit läschen', delete_confirm: 'Dës Säit läschen? Ouni Ersetzung weist de Shop erëm d’Standardsäit.',
  created: 'Säit {slug} ugeluecht.', saved: 'Säit gespäichert.', published_done: 'Säit publizéiert.', unpublished_done: 'D’Säit ass elo en Entworf.', deleted: 'Säit {slug} geläscht.',
  editing: 'D’Versioun {language} gëtt beaarbecht', missing_language: 'nach keen Text', remove_language: 'Dës Sproochversioun ewechhuelen', owner: 'Besëtzer', platform: 'Plattform',
  all_owners: 'All', not_yours: 'Eng Standardsäit änneren d’Bedreiwer vun der Plattform; ersetzt se, fir se an Ärem Shop z’änneren.', page_title: 'Säit {slug}',
  template_default: 'Standard', template_minimal: 'Minimal', template_modern: 'Modern', template_full: 'Voll (Startsäit)', settings: 'Säitenastellungen', text: 'Text',
};

const TEXTS: Record<LanguageCode, Record<ContentText, string>> = { en: EN, fr: FR, de: DE, lb: LB };

export function cpt(language: LanguageCode, key: ContentText, vars: Record<string, string | number> = {}): string {
  return (TEXTS[language][key] ?? EN[key]).replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
