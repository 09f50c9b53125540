// How image messages are read back (SPEC §3: a JSON list whose items carry
// `b64Image`). Both an image model's answer and a question with pictures
// store only file ids ({fileId, mime}) and text items; rows written before
// that hold the pictures inline ({b64Image: data URL}) and still read as they
// are. Each reader gets the pictures the way it can load them: a signed link
// for a signed-in reader (<img> cannot send a bearer token; the file route
// checks ownership again), inline data for a signed-out share page and for the
// model the question is sent to.
import type { ServerContext } from '../../context.js';
import { FILE_URL_PREFIX, fileAccessToken, findFile, type FileReader } from '../uploads/index.js';
import type { MessageView } from './views.js';

/** The stored form of a picture in an image message (no base64, no links: links are signed per reader). */
export interface StoredImageItem {
  fileId: string;
  mime: string;
}

/** What an image message's list may hold: stored pictures, legacy inline pictures, text. */
type Item = StoredImageItem | { b64Image: string } | { text: string };

const isStored = (item: Item): item is StoredImageItem => 'fileId' in item;

export function storedItems(content: string): Item[] {
  try {
    const items = JSON.parse(content) as unknown;
    if (!Array.isArray(items)) return [];
    return items.flatMap((i): Item[] => {
      if (typeof i?.fileId === 'string' && typeof i?.mime === 'string') return [{ fileId: i.fileId, mime: i.mime }];
      if (typeof i?.b64Image === 'string') return [{ b64Image: i.b64Image }];
      if (typeof i?.text === 'string') return [{ text: i.text }];
      return [];
    });
  } catch {
    return [];
  }
}

/**
 * The files a person's image questions stored. An image answer's pictures are
 * not listed: they belong to the person's gallery and outlive the chat.
 */
export function questionPictureIds(messages: Array<{ role: string; contentType: string; content: string }>): string[] {
  return messages
    .filter((m) => m.role === 'user' && m.contentType === 'image')
    .flatMap((m) =>
      storedItems(m.content)
        .filter(isStored)
        .map((i) => i.fileId),
    );
}

/** The view with each stored picture as a `b64Image` link for this reader's sign-in. */
export async function withImageLinks(ctx: ServerContext, reader: FileReader, view: MessageView): Promise<MessageView> {
  if (view.contentType !== 'image') return view;
  const items = await Promise.all(
    storedItems(view.content).map(async (item) =>
      isStored(item) ? { b64Image: `${FILE_URL_PREFIX}${item.fileId}?access=${await fileAccessToken(ctx, item.fileId, reader)}`, ...item } : item,
    ),
  );
  return { ...view, content: JSON.stringify(items) };
}

/** Stored pictures as base64 data URLs read from storage; one deleted since is left out. */
async function inlineItems(ctx: ServerContext, content: string): Promise<Array<{ b64Image: string; mime?: string } | { text: string }>> {
  const items: Array<{ b64Image: string; mime?: string } | { text: string }> = [];
  for (const item of storedItems(content)) {
    if (!isStored(item)) {
      items.push(item);
      continue;
    }
    const file = await findFile(ctx.db, item.fileId);
    if (!file || !file.mime.startsWith('image/')) continue;
    const bytes = await ctx.files.readAll(file.storedName);
    items.push({ b64Image: `data:${file.mime};base64,${bytes.toString('base64')}`, mime: file.mime });
  }
  return items;
}

/**
 * A shared conversation opens signed out, where no link can be signed and the
 * files stay private: the pictures travel inline instead (SPEC §3's b64Image
 * taken literally), read from storage for this one view.
 */
export async function withInlineImages(ctx: ServerContext, view: MessageView): Promise<MessageView> {
  if (view.contentType !== 'image') return view;
  return { ...view, content: JSON.stringify(await inlineItems(ctx, view.content)) };
}

/** A question's pictures as the model receives them: data URLs built now from the stored files (the row keeps ids). */
export async function withImageData<M extends { role: string; contentType: string; content: string }>(ctx: ServerContext, message: M): Promise<M> {
  if (message.contentType !== 'image' || message.role !== 'user') return message;
  return { ...message, content: JSON.stringify(await inlineItems(ctx, message.content)) };
}
