// The words of a chat message (shared/message-text.ts), as the copy button,
// model turns, retrieval queries and a course's topics read them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { messageText } from '../../../shared/message-text.js';

test('a text message is its content', () => {
  assert.equal(messageText('数控车床怎样对刀？', 'text'), '数控车床怎样对刀？');
});

test("an image message's words are its typed items, one a line, without the pictures", () => {
  const content = JSON.stringify([
    { b64Image: 'data:image/png;base64,AAAA' },
    { text: '这张图里的刀具' },
    { fileId: 'f1', mime: 'image/png' },
    { text: '是什么？' },
  ]);
  assert.equal(messageText(content, 'image'), '这张图里的刀具\n是什么？');
});

test('an image message that cannot be read has no words', () => {
  assert.equal(messageText('not json', 'image'), '');
  assert.equal(messageText('{"text": "not a list"}', 'image'), '');
  assert.equal(messageText('[null, 3, {"text": 5}]', 'image'), '');
});
