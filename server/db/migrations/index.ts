// Every migration, in order. A static list (not a folder scan) so the same
// code works from server/*.ts under tsx and from dist/server/*.js.
// Add a new area's tables as NNNN_<area>.ts and list it here.
import type { Migration } from 'kysely';
import * as foundation from './0001_foundation.js';
import * as chat from './0002_chat.js';
import * as assistants from './0003_assistants.js';
import * as courses from './0004_courses.js';
import * as filesKnowledge from './0005_files_knowledge.js';
import * as embed from './0006_embed.js';
import * as evaluation from './0013_evaluation.js';
import * as classJoinCodes from './0014_class_join_codes.js';
import * as workLeases from './0016_work_leases.js';
import * as answerLeases from './0017_answer_leases.js';
import * as messageEdits from './0021_message_edits.js';
import * as operationRecords from './0022_operation_records.js';
import * as boardRollups from './0023_board_rollups.js';
import * as admin from './0024_admin.js';
import * as quota from './0026_quota.js';
import * as ordersSms from './0027_orders_sms.js';
import * as generations from './0028_generations.js';
import * as mindMaps from './0030_mind_maps.js';
import * as evaluationLateWork from './0033_evaluation_late_work.js';
import * as submissionsByStudent from './0034_submissions_by_student.js';
import * as chatMessageOrder from './0035_chat_message_order.js';
import * as embedKeyLocale from './0036_embed_key_locale.js';
import * as tokenEndReason from './0037_token_end_reason.js';
import * as attemptDeadlineSweep from './0040_attempt_deadline_sweep.js';
import * as safety from './0046_safety.js';
import * as messageReasoning from './0056_message_reasoning.js';
import * as ratingReason from './0063_rating_reason.js';
import * as signon from './0070_signon.js';
import * as live from './0075_live.js';
import * as placements from './0080_placements.js';
import * as userEmailNumber from './0085_user_email_number.js';
import * as lti from './0090_lti.js';

export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_chat': chat,
  '0003_assistants': assistants,
  '0004_courses': courses,
  '0005_files_knowledge': filesKnowledge,
  '0006_embed': embed,
  '0013_evaluation': evaluation,
  '0014_class_join_codes': classJoinCodes,
  '0016_work_leases': workLeases,
  '0017_answer_leases': answerLeases,
  '0021_message_edits': messageEdits,
  '0022_operation_records': operationRecords,
  '0023_board_rollups': boardRollups,
  '0024_admin': admin,
  '0026_quota': quota,
  '0027_orders_sms': ordersSms,
  '0028_generations': generations,
  '0030_mind_maps': mindMaps,
  '0033_evaluation_late_work': evaluationLateWork,
  '0034_submissions_by_student': submissionsByStudent,
  '0035_chat_message_order': chatMessageOrder,
  '0036_embed_key_locale': embedKeyLocale,
  '0037_token_end_reason': tokenEndReason,
  '0040_attempt_deadline_sweep': attemptDeadlineSweep,
  '0046_safety': safety,
  '0056_message_reasoning': messageReasoning,
  '0063_rating_reason': ratingReason,
  '0070_signon': signon,
  '0075_live': live,
  '0080_placements': placements,
  '0085_user_email_number': userEmailNumber,
  '0090_lti': lti,
};
