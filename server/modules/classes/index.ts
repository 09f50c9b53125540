// The classes module's public face: what other modules may use. Import this file,
// never another module's store, service or helper directly.
export { findStudents, freeJoinCode } from './service.js';
export {
  addClassMember,
  addStudents,
  classRoleOf,
  type ClassSummary,
  ensureClass,
  existingClassIds,
  findClassByJoinCode,
  listClassSummaries,
  setClassTerm,
  setClassesOf,
  updateClassDetails,
} from './store.js';
export { addSchoolClass } from './store.js';
export { deleteClass } from './store.js';
export { membersOfClass, removeClassMember } from './store.js';
