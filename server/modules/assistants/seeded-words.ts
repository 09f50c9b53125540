// The assistants every installation starts with speak the reader's language:
// a system assistant's name, description and greeting, while they are still
// the zh-CN words it was seeded with, go out translated
// (server/i18n/catalogue/seeded-assistants.ts). A school's own assistants,
// and seeded ones a manager rewrote, keep their words.
import type { FastifyRequest } from 'fastify';
import { localizedName } from '../../i18n/install.js';
import type { AssistantCard } from './views.js';

type Shown = Pick<AssistantCard, 'title' | 'description' | 'openingMessage' | 'author' | 'own'>;

export function seededInLocale<T extends Shown>(request: FastifyRequest, card: T): T {
  if (card.author !== null || card.own) return card;
  const say = (text: string) => (text ? localizedName(request, text) : text);
  return { ...card, title: say(card.title), description: say(card.description), openingMessage: say(card.openingMessage) };
}

export function seededListInLocale<T extends Shown>(request: FastifyRequest, cards: readonly T[]): T[] {
  return cards.map((card) => seededInLocale(request, card));
}
