// Who may be picked on the placement form: student accounts for the student,
// teacher accounts for the school supervisor (the rules createPlacement
// checks), found by name or account as the person types. The searches are
// the classes' and courses' own, so the form offers what those pages offer.
import type { ServerContext } from '../../context.js';
import { findStudents } from '../classes/index.js';
import { findTeachers } from '../courses/index.js';

export type PickRole = 'student' | 'teacher';

export async function pickPeople(ctx: ServerContext, role: PickRole, keyword: string): Promise<Array<{ id: string; name: string; username: string }>> {
  return role === 'student' ? findStudents(ctx, keyword) : (await findTeachers(ctx, keyword)).slice(0, 20);
}
