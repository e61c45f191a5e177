// The message centre: modules post with Notifications.post(); the routes serve the user's own messages.
export { Notifications, type MessageInput } from './notifications.service';
export { notificationsRoutes } from './notifications.routes';
