import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { kitCss } from '../shared/ui'
import { liveCss } from './live.css'
import { LiveProjector, type LiveProjectorProps } from './projector'
import { LiveStudent, type LiveStudentProps } from './student'

/** The live classroom bundle (/elements/live.js): the teacher's projector and the student's phone. */
const css = [kitCss, liveCss].join('\n')
/**
 * The teacher's projector screen of a live session (1920×1080): join code
 * and QR code, who is present, random call, timed questions with a live
 * chart and reveal, the class wall, end of the session.
 * @tag zx-live-projector
 * @prop {string} sessionId - the session to show
 * @csspart base - the whole page
 * @csspart header - the title, the classes and End
 * @csspart body - the join code, the stage and the wall
 * @csspart actions - Random call, repeat and New question
 */
defineZxElement<LiveProjectorProps>('zx-live-projector', LiveProjector, { props: { sessionId: 'string' }, css })
/**
 * A student's phone in a live session (375 px): join by code, answer the
 * current question with its countdown, post to the class wall.
 * @tag zx-live-student
 * @prop {string} code - the join code, filled in
 * @prop {string} sessionId - a session already joined
 * @csspart base - the whole page
 * @csspart header - the title
 * @csspart body - the join form, or the wall of the class
 * @csspart actions - Join
 */
defineZxElement<LiveStudentProps>('zx-live-student', LiveStudent, { props: { code: 'string', sessionId: 'string' }, css })
