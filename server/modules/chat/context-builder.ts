// Turns a chat's message tree into the turns sent to a model: the system
// message, then prior turns along the branch being answered (newest kept
// first when the model's window is too small), then the question.
import { estimateTokens } from '../../ai/tokens.js';
import type { ChatTurn, ContentPart } from '../../ai/types.js';
import type { MessageRecord } from './store.js';
import { messageText } from '../../../shared/message-text.js';

/** Room left for the answer itself, as a share of the window. */
const ANSWER_SHARE = 0.25;

interface ImageItem {
  b64Image?: string;
  text?: string;
}

/** A stored message as a model turn; image messages become multimodal parts. */
export function toTurn(m: Pick<MessageRecord, 'role' | 'contentType' | 'content'>, vision: boolean): ChatTurn {
  if (m.contentType !== 'image') return { role: m.role, content: m.content };
  // An image model's answer: pictures made for the question, not text a chat model can read.
  if (m.role === 'assistant') return { role: m.role, content: '[已生成图片]' };
  let items: ImageItem[] = [];
  try {
    items = JSON.parse(m.content) as ImageItem[];
  } catch {
    items = [];
  }
  const text = messageText(m.content, m.contentType);
  if (!vision) return { role: m.role, content: text || '[图片]' };
  const parts: ContentPart[] = items.filter((i) => i.b64Image).map((i) => ({ type: 'image_url', image_url: { url: i.b64Image! } }));
  if (text) parts.push({ type: 'text', text });
  return { role: m.role, content: parts };
}

function turnTokens(turn: ChatTurn): number {
  if (typeof turn.content === 'string') return estimateTokens(turn.content) + 4;
  // Providers bill an image at roughly a thousand tokens; count it so.
  return turn.content.reduce((sum, p) => sum + (p.type === 'text' ? estimateTokens(p.text) : 1_000), 4);
}

export interface BuildTurnsInput {
  systemMessage: string;
  /** Prior turns on the branch, oldest first (excluding the question). */
  history: ChatTurn[];
  question: ChatTurn;
  contextTokens: number;
  usingContext: boolean;
  /** Knowledge passages and attachment text, added to the system message. */
  grounding?: string;
}

function systemTurn(input: Pick<BuildTurnsInput, 'systemMessage' | 'grounding'>): ChatTurn {
  return { role: 'system', content: input.grounding ? `${input.systemMessage}\n\n${input.grounding}` : input.systemMessage };
}

/** Tokens left for prior turns once the answer's share, the system message and the question are counted. */
export function historyBudget(input: Omit<BuildTurnsInput, 'history' | 'usingContext'>): number {
  return Math.floor(input.contextTokens * (1 - ANSWER_SHARE)) - turnTokens(systemTurn(input)) - turnTokens(input.question);
}

/**
 * Follows prior turns newest first, as buildTurns keeps them: `take` says
 * whether one more still fits; once one does not, nothing older is kept, so
 * whoever loads the history can stop reading there.
 */
export function windowFiller(budget: number): { take(turn: ChatTurn): boolean } {
  let left = budget;
  let full = false;
  return {
    take(turn) {
      if (full) return false;
      const cost = turnTokens(turn);
      if (cost > left) full = true;
      else left -= cost;
      return !full;
    },
  };
}

export function buildTurns(input: BuildTurnsInput): ChatTurn[] {
  const system = systemTurn(input);
  const window = windowFiller(historyBudget(input));
  const kept: ChatTurn[] = [];
  if (input.usingContext) {
    for (let i = input.history.length - 1; i >= 0; i--) {
      if (!window.take(input.history[i]!)) break;
      kept.push(input.history[i]!);
    }
    kept.reverse();
    // A model expects a conversation to start with the user's turn.
    while (kept[0]?.role === 'assistant') kept.shift();
  }
  return [system, ...kept, input.question];
}
