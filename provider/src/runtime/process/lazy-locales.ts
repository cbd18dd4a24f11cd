// Imported first by the entries of the processes the engine starts (the dynamic provider's runtime, ../index.ts, and
// the plugin, ../../native/main.ts), before any module that loads zod: zod's translated error messages, which neither
// process uses, then load only if asked for (@walletinfra/sdk/process `installLazyZodLocales`), which takes about 60
// modules and 40 ms of CPU off each start.
import { installLazyZodLocales } from '@walletinfra/sdk/process';

installLazyZodLocales();
