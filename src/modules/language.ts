import { languageApiRoutes } from '../http/language/languages.ts';
import { defineModule } from './module.ts';

export const languageModule = defineModule({
  name: 'language',
  tag: 'Language',
  description: "The visitor's language preference (en, fr, de, lb).",
  core: true,
  features: ['Language preference (en, fr, de, lb)'],
  routes: { language: [languageApiRoutes] },
});
