import { request, type RequestOptions } from './client'

/** Class management (docs/api/courses.md "Classes"): a teacher's own classes, managers read every class. */

export interface ClassPerson {
  id: string
  name: string
  username: string
}

export interface ClassDetail {
  id: string
  name: string
  term: string
  /** Present for the class's teachers only; null when joining by code is off. */
  joinCode?: string | null
  mine: boolean
  teachers: ClassPerson[]
  students: ClassPerson[]
}

export interface AddStudentsResult {
  class: ClassDetail
  added: string[]
  already: string[]
  unknown: string[]
  notStudents: string[]
}

const path = (...parts: string[]) => parts.map(encodeURIComponent).join('/')

export const fetchClass = (id: string, options?: RequestOptions) =>
  request<ClassDetail>('GET', `course/classes/${path(id)}`, undefined, { quiet: true, ...options })
export const createClass = (name: string, term: string) => request<ClassDetail>('POST', 'course/classes', { name, term }, { quiet: true })
export const deleteClass = (id: string) => request<null>('DELETE', `course/classes/${path(id)}`)
export const addClassStudents = (id: string, input: { userIds?: string[]; usernames?: string[] }) =>
  request<AddStudentsResult>('POST', `course/classes/${path(id, 'students')}`, input)
export const removeClassStudent = (id: string, userId: string) => request<ClassDetail>('DELETE', `course/classes/${path(id, 'students', userId)}`)
export const changeClassCode = (id: string, action: 'regenerate' | 'disable') =>
  request<{ joinCode: string | null }>('POST', `course/classes/${path(id, 'joinCode')}`, { action })
export const searchStudents = (keyword: string, options?: RequestOptions) => request<ClassPerson[]>('GET', 'course/students', { keyword }, options)

/** Splits a pasted roster into usernames: lines, commas (also full-width), semicolons or spaces. */
export function parseUsernames(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,，;；、]+/u)
        .map(word => word.trim())
        .filter(Boolean),
    ),
  ]
}
