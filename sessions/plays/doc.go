// Package plays moves plays in and out of Tablemate in the formats play
// loggers use: BG Stats play files (.bgsplay, and the BGStatsExport.json
// backup) and BoardGameGeek play records (the plays XML of BGG's XML API 2).
//
// It is pure: a neutral Play (the game, when, how long, where, and each
// player's name, score, win, rank, seat, start player and first play) that
// the web layer fills from a table, an evening or a league; a writer and a
// reader per format; and Classify, which sorts an imported play into one
// of the seven games, "another game", or skipped with the reason. What it
// knows of the games comes from their engines (Games, built from the
// registry's list): the package names none of them.
//
// Readers take files from strangers: they stream (the bytes, the plays and
// each play's players are capped by Limits), skip fields they do not know,
// accept the loose types the real files hold, check the rest strictly and
// answer a *scoring.InputError naming the field in the file and what was
// expected. Every play a reader returns passes Validate, and writing it
// and reading it back gives the same play.
//
// docs/interop.md maps every field of both formats to Play, with the
// sources the formats were taken from and what each format cannot carry.
package plays
