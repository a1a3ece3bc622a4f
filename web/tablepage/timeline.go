package tablepage

import (
	"encoding/json"
	"fmt"
	"strings"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/web/games"
)

// The log's sentences: each event of a table's log kept as a phrase,
// said when a page is rendered, for the table's history (web/table), a
// game's replay (web/replay, handed LogText) and the undo buttons
// (LogShort: the table's page, and play along, web/play, handed it).

// LogText says in words what an event of a table's log did, the way a
// player would tell it: "Game 2 entered: Ana 58, Ben 47 — Ana wins",
// "Round 3 of game 1: Ana called Cambio; Ana 4 (−5 …), Ben 12",
// "Undid: game 2 entered", "Ben joined". Undone entries are described as
// they were when entered. The page says it (views.LogText.Say).
func LogText(t sessions.Table, e sessions.Event) views.LogText {
	if e.Kind == sessions.KindRoundRecorded {
		var p sessions.RoundRecorded
		json.Unmarshal(e.Payload, &p)
		return roundText(t, e.Seq, p)
	}
	return views.LogText{Phrase: logPhrase(t, e)}
}

// logPhrase is LogText of any event but a recorded round.
func logPhrase(t sessions.Table, e sessions.Event) scoring.Phrase {
	switch e.Kind {
	case sessions.KindTableCreated:
		var p sessions.TableCreated
		json.Unmarshal(e.Payload, &p)
		return scoring.Phrasef("Table started for %s with %s", games.TitlePhrase(p.Game), p.Players)
	case sessions.KindGameChosen:
		var p sessions.GameChosen
		json.Unmarshal(e.Payload, &p)
		if p.First != "" {
			return scoring.Phrasef("Next game chosen: %s, %s starts", games.TitlePhrase(p.Game), scoring.Name(p.First))
		}
		return scoring.Phrasef("Next game chosen: %s", games.TitlePhrase(p.Game))
	case sessions.KindPlayerJoined:
		var p sessions.PlayerJoined
		json.Unmarshal(e.Payload, &p)
		return scoring.Phrasef("%s joined", scoring.Name(p.Name))
	case sessions.KindGameRecorded:
		return withVerdict(t, e.Seq, scoring.Phrasef("Game %d entered", entryOf(t, e.Seq).Game))
	case sessions.KindGameCorrected:
		var p sessions.GameCorrected
		json.Unmarshal(e.Payload, &p)
		return withVerdict(t, e.Seq, scoring.Phrasef("Game %d corrected", p.Game), reason(p.Reason)...)
	case sessions.KindGameImported:
		return withVerdict(t, e.Seq, scoring.Phrasef("Game %d imported, not checked by the rules", entryOf(t, e.Seq).Game))
	case sessions.KindRoundCorrected:
		var p sessions.RoundCorrected
		if err := json.Unmarshal(e.Payload, &p); err != nil {
			return scoring.Phrasef("A round corrected")
		}
		return withVerdict(t, e.Seq, scoring.Phrasef("Round %d of game %d corrected", p.Number, p.Game), reason(p.Reason)...)
	case sessions.KindGameSettled:
		var p sessions.GameSettled
		json.Unmarshal(e.Payload, &p)
		return withVerdict(t, e.Seq, scoring.Phrasef("Game %d counted as entered", p.Game))
	case sessions.KindGameNoted:
		var p sessions.GameNoted
		json.Unmarshal(e.Payload, &p)
		if p.Note == "" {
			return scoring.Phrasef("Note on game %d taken away", p.Game)
		}
		return scoring.Phrasef("Note on game %d: %s", p.Game, scoring.Name(p.Note))
	case sessions.KindEveningNoted:
		var p sessions.EveningNoted
		json.Unmarshal(e.Payload, &p)
		if p.Note == "" {
			return scoring.Phrasef("The evening's note taken away")
		}
		return scoring.Phrasef("The evening's note: %s", scoring.Name(p.Note))
	case sessions.KindClockStarted, sessions.KindClockPaused:
		var p sessions.ClockSet
		json.Unmarshal(e.Payload, &p)
		if e.Kind == sessions.KindClockPaused {
			return scoring.Phrasef("Clock of game %d paused", p.Game)
		}
		return scoring.Phrasef("Clock of game %d started", p.Game)
	case sessions.KindPlayStopped:
		var p sessions.PlayStopped
		json.Unmarshal(e.Payload, &p)
		if g := entryOf(t, e.Seq).Game; p.Keep && g > 0 {
			return withVerdict(t, e.Seq, scoring.Phrasef("Stopped playing along: kept as unfinished game %d", g))
		}
		return scoring.Phrasef("Stopped playing along: the game was discarded")
	case sessions.KindGameStopped:
		var p sessions.GameStopped
		json.Unmarshal(e.Payload, &p)
		return scoring.Phrasef("Game %d stopped before its end: kept as an unfinished game", p.Game)
	case sessions.KindPlayStarted:
		return scoring.Phrasef("Guided game started")
	case sessions.KindPlayStep:
		move := entryOf(t, e.Seq).Move
		if g, ok := gameFinishedBy(t, e.Seq); ok {
			return withVerdict(t, e.Seq, scoring.Phrasef("Game %d finished by guided play (move %d)", g.Number, move))
		}
		return scoring.Phrasef("Move %d of the guided game", move)
	case sessions.KindUndo:
		var p sessions.Undo
		json.Unmarshal(e.Payload, &p)
		if target, ok := t.Entry(p.Seq); ok {
			return scoring.Phrasef("Undid: %s", LogShort(t, target.Event))
		}
		return scoring.Phrasef("Undid entry #%d", p.Seq)
	}
	return scoring.Verbatim(string(e.Kind))
}

// LogShort names an event in a few words, for undo buttons and undo
// entries: "game 2 entered", "round 3 of game 1", "Ben joining". The
// events it has no words of its own for are told as LogText tells them,
// starting small in English (German nouns keep their capital: the
// catalog says these forms as it says LogText's).
func LogShort(t sessions.Table, e sessions.Event) scoring.Phrase {
	switch e.Kind {
	case sessions.KindPlayerJoined:
		var p sessions.PlayerJoined
		json.Unmarshal(e.Payload, &p)
		return scoring.Phrasef("%s joining", scoring.Name(p.Name))
	case sessions.KindGameRecorded:
		return scoring.Phrasef("game %d entered", entryOf(t, e.Seq).Game)
	case sessions.KindGameImported:
		return scoring.Phrasef("game %d imported", entryOf(t, e.Seq).Game)
	case sessions.KindGameCorrected:
		var p sessions.GameCorrected
		json.Unmarshal(e.Payload, &p)
		return scoring.Phrasef("game %d corrected", p.Game)
	case sessions.KindRoundRecorded:
		var p sessions.RoundRecorded
		json.Unmarshal(e.Payload, &p)
		return scoring.Phrasef("round %d of game %d", entryOf(t, e.Seq).Round, p.Game)
	case sessions.KindRoundCorrected:
		var p sessions.RoundCorrected
		json.Unmarshal(e.Payload, &p)
		return scoring.Phrasef("round %d of game %d corrected", p.Number, p.Game)
	case sessions.KindPlayStep:
		return scoring.Phrasef("move %d of the guided game", entryOf(t, e.Seq).Move)
	case sessions.KindGameSettled:
		var p sessions.GameSettled
		json.Unmarshal(e.Payload, &p)
		return scoring.Phrasef("game %d counted as entered", p.Game)
	case sessions.KindGameNoted:
		var p sessions.GameNoted
		json.Unmarshal(e.Payload, &p)
		return scoring.Phrasef("the note on game %d", p.Game)
	case sessions.KindEveningNoted:
		return scoring.Phrasef("the evening's note")
	case sessions.KindPlayStopped:
		return scoring.Phrasef("stopping the game played along")
	case sessions.KindGameStopped:
		var p sessions.GameStopped
		json.Unmarshal(e.Payload, &p)
		return scoring.Phrasef("stopping game %d", p.Game)
	}
	p := logPhrase(t, e)
	if small, ok := startingSmall[p.Format()]; ok {
		return scoring.Phrasef(small, p.Args()...)
	}
	return p // a kind is written small
}

// startingSmall are the log's sentences an undo button says as they are,
// but starting small in English (LogShort).
var startingSmall = map[string]string{
	"Table started for %s with %s":    "table started for %s with %s",
	"Next game chosen: %s, %s starts": "next game chosen: %s, %s starts",
	"Next game chosen: %s":            "next game chosen: %s",
	"Clock of game %d started":        "clock of game %d started",
	"Clock of game %d paused":         "clock of game %d paused",
	"Guided game started":             "guided game started",
	"Undid: %s":                       "undid: %s",
	"Undid entry #%d":                 "undid entry #%d",
}

// entryOf is the log entry of event seq with the facts worked out when
// the table was replayed (its game, round or move number): no page walks
// the log to find them.
func entryOf(t sessions.Table, seq int) sessions.LogEntry {
	e, _ := t.Entry(seq)
	return e
}

// said is phrases said one after another as one phrase: the first alone
// when it is the only one.
func said(parts ...scoring.Phrase) scoring.Phrase {
	if len(parts) == 1 {
		return parts[0]
	}
	return scoring.Phrasef("%s", scoring.List{Items: parts})
}

// reason is a correction's reason after its sentence, " (typo)"; none
// when it gave none.
func reason(r string) []scoring.Phrase {
	if r == "" {
		return nil
	}
	return []scoring.Phrase{scoring.Verbatim(" (" + r + ")")}
}

// withVerdict is head followed by ": Ana 58, Ben 47 — Ana wins" for the
// game as event seq left it (scored when the log was replayed, also for
// an entry undone or corrected since; nothing when the engine could not
// read it), then tail.
func withVerdict(t sessions.Table, seq int, head scoring.Phrase, tail ...scoring.Phrase) scoring.Phrase {
	parts := []scoring.Phrase{head}
	if g := entryOf(t, seq).After; g != nil && g.Err == "" {
		parts = append(parts, scoring.Verbatim(": "+totalsText(g.Result())))
		parts = append(parts, outcome(g.Result(), g.Record)...)
	}
	return said(append(parts, tail...)...)
}

// totalsText lists each player's total: "Ana 58, Ben 47".
func totalsText(res scoring.Result) string {
	parts := make([]string, len(res.Players))
	for i, p := range res.Players {
		parts[i] = fmt.Sprintf("%s %s", p.Name, views.Score(p.Total))
	}
	return strings.Join(parts, ", ")
}

// outcome is " — Ana wins", " — Ana and Ben share the win" or " — 2
// rules broken" (and for a game counted as entered, who won so); nothing
// for a game still going. The winners are the game's record's.
func outcome(res scoring.Result, r sessions.GameRecord) []scoring.Phrase {
	dash := scoring.Verbatim(" — ")
	var out []scoring.Phrase
	if !res.Valid {
		out = append(out, dash, scoring.Count(len(res.Violations), "1 rule broken", "%d rules broken"))
		if !r.Settled {
			return out
		}
	}
	switch {
	case len(r.Winners) == 1:
		return append(out, dash, scoring.Phrasef("%s wins", scoring.Name(r.Winners[0])))
	case len(r.Winners) > 1:
		return append(out, dash, scoring.Phrasef("%s share the win", r.Winners))
	}
	return out
}

// roundText tells one round: who called (Cambio) or was the Kodiak, then
// each player's points in that round with any bonus lines (which the page
// cuts from the round's lines as it says them: views.LogText).
func roundText(t sessions.Table, seq int, p sessions.RoundRecorded) views.LogText {
	r := entryOf(t, seq).Round
	parts := []scoring.Phrase{scoring.Phrasef("Round %d of game %d", r, p.Game)}
	// What marked the round (who called Cambio, who was the Kodiak), as
	// the engine reads it.
	var notes []scoring.Phrase
	if rounds, ok := entryOf(t, seq).Engine().(scoring.RoundFacts); ok {
		// A recorded round was read by the engine when it was entered;
		// one it cannot read has nothing to tell besides its points.
		if n, err := rounds.Notes(p.Round); err == nil {
			notes = n
		}
	}
	var pts []views.LogPoints
	for _, pr := range entryOf(t, seq).Points() {
		pts = append(pts, views.LogPoints{Name: pr.Name, Points: pr.Points, Lines: pr.Lines})
	}
	if len(notes) > 0 || len(pts) > 0 {
		parts = append(parts, scoring.Verbatim(": "))
	}
	if len(notes) > 0 {
		parts = append(parts, scoring.Phrasef("%s", scoring.List{Sep: "; ", Items: notes}))
		if len(pts) > 0 {
			parts = append(parts, scoring.Verbatim("; "))
		}
	}
	return views.LogText{Phrase: said(parts...), Round: r, Points: pts}
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
