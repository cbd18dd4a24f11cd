'use strict';
// The child side of lib/children.js: a child module registers its commands and answers over IPC.
function serve(commands) {
  process.on('message', async (msg) => {
    const handler = commands[msg.cmd];
    try {
      if (!handler) throw new Error(`unknown command ${msg.cmd}`);
      const value = await handler(msg.args ?? {});
      process.send({ id: msg.id, ok: true, value: value === undefined ? null : value });
      if (msg.cmd === 'close') process.disconnect();
    } catch (error) {
      process.send({ id: msg.id, ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  });
  // The parent's death must not leave a server running.
  process.on('disconnect', () => setTimeout(() => process.exit(0), 100).unref());
}

module.exports = { serve };
