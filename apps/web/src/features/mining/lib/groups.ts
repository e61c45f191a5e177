// Worker groups as the pages show them: the default group (id null, named "default" by the
// server, translated here) always first, the user's own groups after it in the server's order.
import { isNickname, NICKNAME_MAX } from '@hashpool/shared';
import type { WorkerGroup } from '../mining.api';

export function orderGroups(groups: readonly WorkerGroup[]): WorkerGroup[] {
  return [...groups].sort((a, b) => (a.id === null ? -1 : b.id === null ? 1 : 0));
}

/** The name to show: the server's "default" is a key, not a name, and is translated. */
export function groupName(group: Pick<WorkerGroup, 'id' | 'name'>, defaultName: string): string {
  return group.id === null ? defaultName : group.name;
}

/** A group name the server accepts (nicknameSchema): not blank, at most 32 characters. */
export function isGroupName(name: string): boolean {
  return isNickname(name);
}

export const GROUP_NAME_MAX = NICKNAME_MAX;
