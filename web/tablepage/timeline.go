package tablepage

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/views/i18n"
	"tablemate/web/games"
	"tablemate/web/kit"
)

// The log's sentences: each event of a table's log said in words, for
// the table's history (web/server), a game's replay (web/replay, handed
// LogText) and the undo buttons (LogShort: the table's page, and play
// along, web/play, handed it).

// LogText says in words what an event of a table's log did, the way a
// player would tell it: "Game 2 entered: Ana 58, Ben 47 — Ana wins",
// "Round 3 of game 1: Ana called Cambio; Ana 4 (−5 …), Ben 12",
// "Undid: game 2 entered", "Ben joined". Undone entries are described as
// they were when entered.
func LogText(ctx context.Context, t sessions.Table, e sessions.Event) string {
	switch e.Kind {
	case sessions.KindTableCreated:
		var p sessions.TableCreated
		json.Unmarshal(e.Payload, &p)
		return i18n.T(ctx, "Table started for %s with %s", games.Title(ctx, p.Game), i18n.JoinNames(ctx, p.Players))
	case sessions.KindGameChosen:
		var p sessions.GameChosen
		json.Unmarshal(e.Payload, &p)
		if p.First != "" {
			return i18n.T(ctx, "Next game chosen: %s, %s starts", games.Title(ctx, p.Game), p.First)
		}
		return i18n.T(ctx, "Next game chosen: %s", games.Title(ctx, p.Game))
	case sessions.KindPlayerJoined:
		var p sessions.PlayerJoined
		json.Unmarshal(e.Payload, &p)
		return i18n.T(ctx, "%s joined", p.Name)
	case sessions.KindGameRecorded:
		var p sessions.GameRecorded
		json.Unmarshal(e.Payload, &p)
		return i18n.T(ctx, "Game %d entered", entryOf(t, e.Seq).Game) + verdictText(ctx, t, e.Seq)
	case sessions.KindGameCorrected:
		var p sessions.GameCorrected
		json.Unmarshal(e.Payload, &p)
		s := i18n.T(ctx, "Game %d corrected", p.Game) + verdictText(ctx, t, e.Seq)
		if p.Reason != "" {
			s += " (" + p.Reason + ")"
		}
		return s
	case sessions.KindRoundRecorded:
		var p sessions.RoundRecorded
		json.Unmarshal(e.Payload, &p)
		return roundText(ctx, t, e.Seq, p)
	case sessions.KindGameImported:
		return i18n.T(ctx, "Game %d imported, not checked by the rules", entryOf(t, e.Seq).Game) + verdictText(ctx, t, e.Seq)
	case sessions.KindRoundCorrected:
		var p sessions.RoundCorrected
		if err := json.Unmarshal(e.Payload, &p); err != nil {
			return i18n.T(ctx, "A round corrected")
		}
		s := i18n.T(ctx, "Round %d of game %d corrected", p.Number, p.Game) + verdictText(ctx, t, e.Seq)
		if p.Reason != "" {
			s += " (" + p.Reason + ")"
		}
		return s
	case sessions.KindGameSettled:
		var p sessions.GameSettled
		json.Unmarshal(e.Payload, &p)
		return i18n.T(ctx, "Game %d counted as entered", p.Game) + verdictText(ctx, t, e.Seq)
	case sessions.KindGameNoted:
		var p sessions.GameNoted
		json.Unmarshal(e.Payload, &p)
		if p.Note == "" {
			return i18n.T(ctx, "Note on game %d taken away", p.Game)
		}
		return i18n.T(ctx, "Note on game %d: %s", p.Game, p.Note)
	case sessions.KindEveningNoted:
		var p sessions.EveningNoted
		json.Unmarshal(e.Payload, &p)
		if p.Note == "" {
			return i18n.T(ctx, "The evening's note taken away")
		}
		return i18n.T(ctx, "The evening's note: %s", p.Note)
	case sessions.KindClockStarted, sessions.KindClockPaused:
		var p sessions.ClockSet
		json.Unmarshal(e.Payload, &p)
		if e.Kind == sessions.KindClockPaused {
			return i18n.T(ctx, "Clock of game %d paused", p.Game)
		}
		return i18n.T(ctx, "Clock of game %d started", p.Game)
	case sessions.KindPlayStopped:
		var p sessions.PlayStopped
		json.Unmarshal(e.Payload, &p)
		if g := entryOf(t, e.Seq).Game; p.Keep && g > 0 {
			return i18n.T(ctx, "Stopped playing along: kept as unfinished game %d", g) + verdictText(ctx, t, e.Seq)
		}
		return i18n.T(ctx, "Stopped playing along: the game was discarded")
	case sessions.KindGameStopped:
		var p sessions.GameStopped
		json.Unmarshal(e.Payload, &p)
		return i18n.T(ctx, "Game %d stopped before its end: kept as an unfinished game", p.Game)
	case sessions.KindPlayStarted:
		return i18n.T(ctx, "Guided game started")
	case sessions.KindPlayStep:
		move := entryOf(t, e.Seq).Move
		if g, ok := gameFinishedBy(t, e.Seq); ok {
			return i18n.T(ctx, "Game %d finished by guided play (move %d)", g.Number, move) + verdictText(ctx, t, e.Seq)
		}
		return i18n.T(ctx, "Move %d of the guided game", move)
	case sessions.KindUndo:
		var p sessions.Undo
		json.Unmarshal(e.Payload, &p)
		if target, ok := t.Entry(p.Seq); ok {
			return i18n.T(ctx, "Undid: %s", LogShort(ctx, t, target.Event))
		}
		return i18n.T(ctx, "Undid entry #%d", p.Seq)
	}
	return string(e.Kind)
}

// LogShort names an event in a few words in ctx's language, for undo
// buttons and undo entries: "game 2 entered", "round 3 of game 1", "Ben
// joining".
func LogShort(ctx context.Context, t sessions.Table, e sessions.Event) string {
	switch e.Kind {
	case sessions.KindPlayerJoined:
		var p sessions.PlayerJoined
		json.Unmarshal(e.Payload, &p)
		return i18n.T(ctx, "%s joining", p.Name)
	case sessions.KindGameRecorded:
		return i18n.T(ctx, "game %d entered", entryOf(t, e.Seq).Game)
	case sessions.KindGameImported:
		return i18n.T(ctx, "game %d imported", entryOf(t, e.Seq).Game)
	case sessions.KindGameCorrected:
		var p sessions.GameCorrected
		json.Unmarshal(e.Payload, &p)
		return i18n.T(ctx, "game %d corrected", p.Game)
	case sessions.KindRoundRecorded:
		var p sessions.RoundRecorded
		json.Unmarshal(e.Payload, &p)
		return i18n.T(ctx, "round %d of game %d", entryOf(t, e.Seq).Round, p.Game)
	case sessions.KindRoundCorrected:
		var p sessions.RoundCorrected
		json.Unmarshal(e.Payload, &p)
		return i18n.T(ctx, "round %d of game %d corrected", p.Number, p.Game)
	case sessions.KindPlayStep:
		return i18n.T(ctx, "move %d of the guided game", entryOf(t, e.Seq).Move)
	case sessions.KindGameSettled:
		var p sessions.GameSettled
		json.Unmarshal(e.Payload, &p)
		return i18n.T(ctx, "game %d counted as entered", p.Game)
	case sessions.KindGameNoted:
		var p sessions.GameNoted
		json.Unmarshal(e.Payload, &p)
		return i18n.T(ctx, "the note on game %d", p.Game)
	case sessions.KindEveningNoted:
		return i18n.T(ctx, "the evening's note")
	case sessions.KindPlayStopped:
		return i18n.T(ctx, "stopping the game played along")
	case sessions.KindGameStopped:
		var p sessions.GameStopped
		json.Unmarshal(e.Payload, &p)
		return i18n.T(ctx, "stopping game %d", p.Game)
	}
	if i18n.IsGerman(ctx) { // German nouns keep their capital
		return LogText(ctx, t, e)
	}
	return kit.LowerFirst(LogText(ctx, t, e))
}

// entryOf is the log entry of event seq with the facts worked out when
// the table was replayed (its game, round or move number): no page walks
// the log to find them.
func entryOf(t sessions.Table, seq int) sessions.LogEntry {
	e, _ := t.Entry(seq)
	return e
}

// verdictText is ": Ana 58, Ben 47 — Ana wins" for the game as event seq
// left it (scored when the log was replayed, also for an entry undone or
// corrected since); "" when the engine could not read it.
func verdictText(ctx context.Context, t sessions.Table, seq int) string {
	g := entryOf(t, seq).After
	if g == nil || g.Err != "" {
		return ""
	}
	return ": " + totalsText(g.Result()) + outcomeText(ctx, g.Result(), g.Record)
}

// totalsText lists each player's total: "Ana 58, Ben 47".
func totalsText(res scoring.Result) string {
	parts := make([]string, len(res.Players))
	for i, p := range res.Players {
		parts[i] = fmt.Sprintf("%s %s", p.Name, views.Score(p.Total))
	}
	return strings.Join(parts, ", ")
}

// outcomeText is " — Ana wins", " — Ana and Ben share the win" or
// " — 2 rules broken" (and for a game counted as entered, who won so);
// "" for a game still going. The winners are the game's record's.
func outcomeText(ctx context.Context, res scoring.Result, r sessions.GameRecord) string {
	s := ""
	if !res.Valid {
		s = " — " + i18n.Say(ctx, scoring.Count(len(res.Violations), "1 rule broken", "%d rules broken"))
		if !r.Settled {
			return s
		}
	}
	switch {
	case len(r.Winners) == 1:
		return s + " — " + i18n.T(ctx, "%s wins", r.Winners[0])
	case len(r.Winners) > 1:
		return s + " — " + i18n.T(ctx, "%s share the win", i18n.JoinNames(ctx, r.Winners))
	}
	return s
}

// roundText tells one round: who called (Cambio) or was the Kodiak, then
// each player's points in that round with any bonus lines.
func roundText(ctx context.Context, t sessions.Table, seq int, p sessions.RoundRecorded) string {
	r := entryOf(t, seq).Round
	s := i18n.T(ctx, "Round %d of game %d", r, p.Game)
	// What marked the round (who called Cambio, who was the Kodiak), as
	// the engine reads it.
	var parts []string
	if rounds, ok := entryOf(t, seq).Engine().(scoring.RoundFacts); ok {
		// A recorded round was read by the engine when it was entered;
		// one it cannot read has nothing to tell besides its points.
		if notes, err := rounds.Notes(p.Round); err == nil {
			for _, n := range notes {
				parts = append(parts, i18n.Say(ctx, n))
			}
		}
	}
	var pts []string
	for _, pr := range entryOf(t, seq).Points() {
		x := pr.Name + " " + views.Score(pr.Points)
		if extra := roundExtras(ctx, pr.Lines, r); extra != "" {
			x += " (" + extra + ")"
		}
		pts = append(pts, x)
	}
	if len(pts) > 0 {
		parts = append(parts, strings.Join(pts, ", "))
	}
	if len(parts) > 0 {
		s += ": " + strings.Join(parts, "; ")
	}
	return s
}

// roundExtras lists the lines of round r after the first (the cards):
// bonuses such as "Cambio called, fewest (−5)", in ctx's language.
func roundExtras(ctx context.Context, lines []scoring.Line, r int) string {
	prefix := i18n.T(ctx, "round %d", r) + ": "
	var out []string
	first := true
	for _, l := range lines {
		label, ok := strings.CutPrefix(i18n.Say(ctx, l.Text()), prefix)
		if !ok {
			continue
		}
		if first {
			first = false
			continue
		}
		if !strings.ContainsAny(label, "0123456789") {
			label = views.Score(l.Points) + " " + label
		}
		out = append(out, label)
	}
	return strings.Join(out, ", ")
}

// gameFinishedBy returns the game a guided play step ended, as the step
// left it.
func gameFinishedBy(t sessions.Table, seq int) (sessions.Game, bool) {
	e := entryOf(t, seq)
	if e.Kind != sessions.KindPlayStep || e.After == nil {
		return sessions.Game{}, false
	}
	return *e.After, true
}
