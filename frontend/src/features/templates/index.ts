// The public entry of the templates feature: other features import only from here (ADR 0010).
export { ApplyTemplateDialog, type AppliedTemplate } from './apply-template-dialog';
export { TemplateGallery } from './template-gallery';
