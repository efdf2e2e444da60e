// Entry of the SMTP worker thread when the program runs from its TypeScript sources (transport.ts;
// the compiled tree starts dist/shell/mail/smtp-thread.js instead): loads smtp-thread.ts through
// tsx, as bin/compiled.js does for the main thread; module hooks are not shared with worker threads.
import { register } from 'tsx/esm/api';

register();
await import('./smtp-thread.ts');
