import { areaTexts } from '../backOffice/texts.ts';

/** The words of a product's images tab, in the four languages. */
const EN = {
  images: 'Images',
  upload: 'Upload image',
  upload_hint: 'JPEG, PNG, WebP, GIF, TIFF, HEIF or AVIF; stored as WebP in three sizes.',
  uploaded: 'The image is uploaded: {variants}.',
  image_file: 'Image file',
  no_images: 'No image yet.',
  variant: 'Variant',
  size: 'Size',
  dimensions: 'Dimensions',
  remove_image: 'Remove',
  remove_confirm: 'Remove this image and its files?',
  image_removed: 'The image is removed.',
} as const;

export const mt = areaTexts<keyof typeof EN>(EN, {
  fr: {
    images: 'Images', upload: 'Téléverser une image', upload_hint: 'JPEG, PNG, WebP, GIF, TIFF, HEIF ou AVIF ; enregistrée en WebP en trois tailles.',
    uploaded: 'L’image est téléversée : {variants}.', image_file: 'Fichier image', no_images: 'Pas encore d’image.', variant: 'Variante', size: 'Taille',
    dimensions: 'Dimensions', remove_image: 'Retirer', remove_confirm: 'Retirer cette image et ses fichiers ?', image_removed: 'L’image est retirée.',
  },
  de: {
    images: 'Bilder', upload: 'Bild hochladen', upload_hint: 'JPEG, PNG, WebP, GIF, TIFF, HEIF oder AVIF; als WebP in drei Größen gespeichert.',
    uploaded: 'Das Bild ist hochgeladen: {variants}.', image_file: 'Bilddatei', no_images: 'Noch kein Bild.', variant: 'Variante', size: 'Größe',
    dimensions: 'Abmessungen', remove_image: 'Entfernen', remove_confirm: 'Dieses Bild und seine Dateien entfernen?', image_removed: 'Das Bild ist entfernt.',
  },
  lb: {
    images: 'Biller', upload: 'Bild eroplueden', upload_hint: 'JPEG, PNG, WebP, GIF, TIFF, HEIF oder AVIF; als WebP an dräi Gréisste gespäichert.',
    uploaded: 'D’Bild ass eropgelueden: {variants}.', image_file: 'Bildfichier', no_images: 'Nach kee Bild.', variant: 'Variant', size: 'Gréisst',
    dimensions: 'Dimensiounen', remove_image: 'Ewechhuelen', remove_confirm: 'Dëst Bild a seng Fichieren ewechhuelen?', image_removed: 'D’Bild ass ewechgeholl.',
  },
});
