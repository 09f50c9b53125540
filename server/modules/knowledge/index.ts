// What other areas use from the knowledge library: the dataset check for
// assistants and courses (a user may only pick datasets they may read).
export { checkDatasetIds } from './access.js';
