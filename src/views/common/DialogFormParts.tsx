// The body and the form-wide alert every dialog form uses now live in the form kit (src/ui/form).
export { FormAlert, formBody } from '../../ui/form/FormAlert';
