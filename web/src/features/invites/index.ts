/** Invites (spec 2 §2): the Invite Friends tab and sharing the person's invite link. */
export { InviteFriendsTab } from './components/invite-friends-tab';
export { shareInviteLink } from './share-invite';
