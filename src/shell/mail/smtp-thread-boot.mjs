// Entry of the SMTP worker thread (transport.ts): loads smtp-thread.ts through tsx, as
// bin/tallyho.js loads the main thread's sources; module hooks are not shared with worker threads.
import { register } from 'tsx/esm/api';

register();
await import('./smtp-thread.ts');
