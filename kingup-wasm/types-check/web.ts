// The web build's declarations: `init` first, then the same classes.
import init, { KingUpGame } from "kingup/web/kingup.js";

export async function start(): Promise<number> {
  await init();
  return new KingUpGame({ players: 3 }).players;
}
