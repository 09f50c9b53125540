// Server messages in the four other languages, keyed by the zh-CN sentence
// the code raises. `{0}`, `{1}` stand for values inside a message. One file
// per area keeps each list short; add a message where its area's file is.
import { accountMessages } from './account.js';
import { adminMessages } from './admin.js';
import { assistantMessages } from './assistants.js';
import { boardMessages } from './board.js';
import { classMessages } from './classes.js';
import { contentMessages } from './content.js';
import { courseMessages } from './courses.js';
import { embedMessages } from './embed.js';
import { evaluationMessages } from './evaluation.js';
import { exportMessages } from './exports.js';
import { fieldTitles } from './fields.js';
import { generationMessages } from './generations.js';
import { httpMessages } from './http.js';
import { learningMessages } from './learning.js';
import { liveMessages } from './live.js';
import { ltiMessages } from './lti.js';
import { mindMapMessages } from './mindmaps.js';
import { modelMessages } from './models.js';
import { placementMessages } from './placements.js';
import { quotaMessages } from './quota.js';
import { safetyMessages } from './safety.js';
import { seededAssistantWords } from './seeded-assistants.js';
import { recordMessages } from './records.js';
import { signonMessages } from './signon.js';
import { uploadMessages } from './uploads.js';

export interface Entry {
  'en-US': string;
  'zh-TW': string;
  'ko-KR': string;
  'ru-RU': string;
  /** A template for a part inside a message only (a field label), never a whole message. */
  partOnly?: boolean;
  /** Placeholders holding words nobody should translate (a model service's reply); quoted ones (“{0}”) are so already. */
  verbatim?: number[];
}

export type Catalogue = Record<string, Entry>;

export const CATALOGUE: Catalogue = {
  ...httpMessages,
  ...fieldTitles,
  ...exportMessages,
  ...accountMessages,
  ...contentMessages,
  ...learningMessages,
  ...modelMessages,
  ...classMessages,
  ...assistantMessages,
  ...courseMessages,
  ...embedMessages,
  ...evaluationMessages,
  ...mindMapMessages,
  ...uploadMessages,
  ...boardMessages,
  ...quotaMessages,
  ...generationMessages,
  ...adminMessages,
  ...safetyMessages,
  ...seededAssistantWords,
  ...recordMessages,
  ...signonMessages,
  ...liveMessages,
  ...placementMessages,
  ...ltiMessages,
};
