// The two forms load as one chunk, with react-hook-form: opening one makes the other instant, and
// the list and detail screens never download the form library.
export { AddPetPage } from '../features/pets/components/add-pet-page.tsx';
export { MessagesPage } from '../features/messages/components/messages-page.tsx';
