// The two forms load as one chunk, with react-hook-form: opening one makes the other instant, and
// the list and detail screens never download the form library.
export { AddPetPage } from '../features/pets/components/add-pet-page.tsx';
export { MessagesPage } from '../features/messages/components/messages-page.tsx';
// What became of a pet sent from a form the person left: only ever shown once the form was open.
export { LeftCreateNotice } from '../features/pets/components/left-create-notice.tsx';
