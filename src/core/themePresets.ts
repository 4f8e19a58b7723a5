/**
 * Storefront themes: the shape of a theme and the presets an admin can apply. Shared by the theme
 * decider (commands/themes) and the theme query (the platform default of a vendor without one).
 */
export interface ThemeConfig {
  theme_name: string;
  colors: { primary: string; secondary: string; accent: string; background: string; text: string; border: string };
  fonts: { heading: string; body: string };
  layout: {
    style: 'grid' | 'list' | 'masonry';
    header: 'fixed' | 'static' | 'transparent';
    product_card: 'modern' | 'classic' | 'minimal';
  };
  branding: { logo_url: string | null; logo_dark_url: string | null; favicon_url: string | null; banner_url: string | null };
  custom_css: string | null;
}

type Preset = Pick<ThemeConfig, 'colors' | 'fonts' | 'layout'> & { description: string };

/** The theme presets an admin can apply (ThemePresetListResponse). */
export const THEME_PRESETS: Record<string, Preset> = {
  default: {
    description: 'Clean and professional, indigo accents',
    colors: { primary: '#6366f1', secondary: '#8b5cf6', accent: '#ec4899', background: '#ffffff', text: '#1f2937', border: '#e5e7eb' },
    fonts: { heading: 'Inter, sans-serif', body: 'Inter, sans-serif' },
    layout: { style: 'grid', header: 'fixed', product_card: 'modern' },
  },
  modern: {
    description: 'Contemporary tech look with bold colours',
    colors: { primary: '#6366f1', secondary: '#06b6d4', accent: '#f59e0b', background: '#ffffff', text: '#111827', border: '#e5e7eb' },
    fonts: { heading: 'Poppins, sans-serif', body: 'Inter, sans-serif' },
    layout: { style: 'grid', header: 'transparent', product_card: 'modern' },
  },
  classic: {
    description: 'Traditional and trustworthy, serif headings',
    colors: { primary: '#1e40af', secondary: '#7c3aed', accent: '#dc2626', background: '#f9fafb', text: '#1f2937', border: '#d1d5db' },
    fonts: { heading: 'Georgia, serif', body: 'Arial, sans-serif' },
    layout: { style: 'list', header: 'static', product_card: 'classic' },
  },
  minimal: {
    description: 'Black and white, content first',
    colors: { primary: '#000000', secondary: '#404040', accent: '#666666', background: '#ffffff', text: '#000000', border: '#e5e7eb' },
    fonts: { heading: 'Helvetica, sans-serif', body: 'Helvetica, sans-serif' },
    layout: { style: 'grid', header: 'transparent', product_card: 'minimal' },
  },
  vibrant: {
    description: 'Bold and energetic, for creative brands',
    colors: { primary: '#f59e0b', secondary: '#ef4444', accent: '#8b5cf6', background: '#ffffff', text: '#1f2937', border: '#fbbf24' },
    fonts: { heading: 'Montserrat, sans-serif', body: 'Open Sans, sans-serif' },
    layout: { style: 'masonry', header: 'fixed', product_card: 'modern' },
  },
  elegant: {
    description: 'Sophisticated, for luxury goods',
    colors: { primary: '#6b7280', secondary: '#374151', accent: '#d97706', background: '#fafafa', text: '#111827', border: '#e5e7eb' },
    fonts: { heading: 'Playfair Display, serif', body: 'Lato, sans-serif' },
    layout: { style: 'grid', header: 'fixed', product_card: 'classic' },
  },
  nature: {
    description: 'Earthy greens, for organic and eco-friendly brands',
    colors: { primary: '#059669', secondary: '#10b981', accent: '#f59e0b', background: '#f0fdf4', text: '#1f2937', border: '#d1fae5' },
    fonts: { heading: 'Merriweather, serif', body: 'Source Sans Pro, sans-serif' },
    layout: { style: 'grid', header: 'static', product_card: 'modern' },
  },
};

export const NO_BRANDING: ThemeConfig['branding'] = { logo_url: null, logo_dark_url: null, favicon_url: null, banner_url: null };

/** The theme a preset gives, keeping the branding and custom CSS of `base`. */
export function presetTheme(name: string, base?: ThemeConfig | null): ThemeConfig {
  const { description: _d, ...p } = THEME_PRESETS[name];
  return { theme_name: name, ...structuredClone(p), branding: base?.branding ?? { ...NO_BRANDING }, custom_css: base?.custom_css ?? null };
}

/** The platform default theme of a vendor without one of its own. */
export const defaultTheme = (): ThemeConfig => presetTheme('default');
