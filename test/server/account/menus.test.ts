// menusFor: the side menus a person sees, from their side, their own menu
// setting and the admin right; remembered per combination, so a second
// asking (every page load) answers the same, and an empty setting is not
// mistaken for none.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { menusFor } from '../../../server/modules/account/client-types.js';

test('defaults per side, with 14 for a manager holding the admin right and 15 for every manager', () => {
  for (let round = 1; round <= 2; round++) {
    assert.equal(menusFor('1', null), '13,1,3,4,5,8,7,16', `teacher, round ${round}`);
    assert.equal(menusFor('3', null), '13,2,3,4,16', `student, round ${round}`);
    assert.equal(menusFor('2', null), '13,9,3,4,5,6,8,7,16,15', `manager, round ${round}`);
    assert.equal(menusFor('2', null, true), '13,9,3,4,5,6,8,7,16,14,15', `administrator, round ${round}`);
    assert.equal(menusFor('1', null, true), '13,1,3,4,5,8,7,16', `a teacher's admin right grants no menu, round ${round}`);
  }
});

test("a person's own setting replaces the defaults; 14 and 15 in it are ignored; an empty setting is not 'none set'", () => {
  for (let round = 1; round <= 2; round++) {
    assert.equal(menusFor('1', '2, 14,15 ,3'), '2,3', `round ${round}`);
    assert.equal(menusFor('1', ''), '', `round ${round}`);
    assert.equal(menusFor('1', null), '13,1,3,4,5,8,7,16', `round ${round}`);
    assert.equal(menusFor('2', ''), '15', `round ${round}`);
  }
});
