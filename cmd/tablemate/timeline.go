package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"tablemate/scoring"
	"tablemate/scoring/games"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/views/i18n"
)

// timelineFind finds the engines the timeline scores old entries with
// (tests swap in their own games).
var timelineFind sessions.Finder = games.Find

// timelineText says in words what an event of a table's log did, the way a
// player would tell it: "Game 2 entered: Ana 58, Ben 47 — Ana wins",
// "Round 3 of game 1: Ana called Cambio; Ana 4 (−5 …), Ben 12",
// "Undid: game 2 entered", "Ben joined". Undone entries are described as
// they were when entered.
func timelineText(ctx context.Context, t sessions.Table, e sessions.Event) string {
	switch e.Kind {
	case sessions.KindTableCreated:
		var p sessions.TableCreated
		json.Unmarshal(e.Payload, &p)
		return i18n.T(ctx, "Table started for %s with %s", t.Info.Title, i18n.JoinNames(ctx, p.Players))
	case sessions.KindPlayerJoined:
		var p sessions.PlayerJoined
		json.Unmarshal(e.Payload, &p)
		return i18n.T(ctx, "%s joined", p.Name)
	case sessions.KindGameRecorded:
		var p sessions.GameRecorded
		json.Unmarshal(e.Payload, &p)
		return i18n.T(ctx, "Game %s entered", gameNumberOf(t, e.Seq)) + verdictText(ctx, t, e.Seq, p.State)
	case sessions.KindGameCorrected:
		var p sessions.GameCorrected
		json.Unmarshal(e.Payload, &p)
		s := i18n.T(ctx, "Game %d corrected", p.Game) + verdictText(ctx, t, e.Seq, p.State)
		if p.Reason != "" {
			s += " (" + p.Reason + ")"
		}
		return s
	case sessions.KindRoundRecorded:
		var p sessions.RoundRecorded
		json.Unmarshal(e.Payload, &p)
		return roundText(ctx, t, e.Seq, p)
	case sessions.KindPlayStarted:
		return i18n.T(ctx, "Guided game started")
	case sessions.KindPlayStep:
		s := i18n.T(ctx, "Move %d of the guided game", moveNumberOf(t, e.Seq))
		if g, ok := gameFinishedBy(t, e.Seq); ok {
			s = i18n.T(ctx, "Game %d finished by guided play (move %d)", g.Number, moveNumberOf(t, e.Seq)) + verdictText(ctx, t, e.Seq, g.State)
		}
		return s
	case sessions.KindUndo:
		var p sessions.Undo
		json.Unmarshal(e.Payload, &p)
		if target, ok := logEntry(t, p.Seq); ok {
			return i18n.T(ctx, "Undid: %s", shortTextIn(ctx, t, target.Event))
		}
		return i18n.T(ctx, "Undid entry #%d", p.Seq)
	}
	return string(e.Kind)
}

// shortTextIn names an event in a few words in ctx's language, for undo
// buttons and undo entries: "game 2 entered", "round 3 of game 1", "Ben
// joining".
func shortTextIn(ctx context.Context, t sessions.Table, e sessions.Event) string {
	switch e.Kind {
	case sessions.KindPlayerJoined:
		var p sessions.PlayerJoined
		json.Unmarshal(e.Payload, &p)
		return i18n.T(ctx, "%s joining", p.Name)
	case sessions.KindGameRecorded:
		return i18n.T(ctx, "game %s entered", gameNumberOf(t, e.Seq))
	case sessions.KindGameCorrected:
		var p sessions.GameCorrected
		json.Unmarshal(e.Payload, &p)
		return i18n.T(ctx, "game %d corrected", p.Game)
	case sessions.KindRoundRecorded:
		var p sessions.RoundRecorded
		json.Unmarshal(e.Payload, &p)
		return i18n.T(ctx, "round %d of game %d", roundNumberOf(t, e.Seq, p.Game), p.Game)
	case sessions.KindPlayStep:
		return i18n.T(ctx, "move %d of the guided game", moveNumberOf(t, e.Seq))
	}
	if i18n.IsGerman(ctx) { // German nouns keep their capital
		return timelineText(ctx, t, e)
	}
	return lowerFirst(timelineText(ctx, t, e))
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

func logEntry(t sessions.Table, seq int) (sessions.LogEntry, bool) {
	for _, e := range t.Log {
		if e.Seq == seq {
			return e, true
		}
	}
	return sessions.LogEntry{}, false
}

// verdictText is ": Ana 58, Ben 47 — Ana wins" for the whole-game state
// event seq recorded. A game still in effect was scored when the log was
// replayed; only an undone or superseded state is scored again here. ""
// when the engine cannot read it.
func verdictText(ctx context.Context, t sessions.Table, seq int, state json.RawMessage) string {
	for _, g := range t.Games {
		if g.Seq == seq && g.Err == "" {
			return ": " + totalsText(g.Result) + outcomeText(ctx, g.Result)
		}
	}
	engine, ok := timelineFind(t.Info.Slug)
	if !ok {
		return ""
	}
	res, err := engine.Check(state)
	if err != nil {
		return ""
	}
	return ": " + totalsText(res) + outcomeText(ctx, res)
}

// totalsText lists each player's total: "Ana 58, Ben 47".
func totalsText(res scoring.Result) string {
	parts := make([]string, len(res.Players))
	for i, p := range res.Players {
		parts[i] = fmt.Sprintf("%s %s", p.Name, signed(p.Total))
	}
	return strings.Join(parts, ", ")
}

// outcomeText is " — Ana wins", " — Ana and Ben share the win" or
// " — 2 rules broken"; "" for a game still going.
func outcomeText(ctx context.Context, res scoring.Result) string {
	switch {
	case !res.Valid:
		return " — " + i18n.N(ctx, len(res.Violations), "1 rule broken", "%d rules broken")
	case len(res.Winners) == 1:
		return " — " + i18n.T(ctx, "%s wins", res.Winners[0])
	case len(res.Winners) > 1:
		return " — " + i18n.T(ctx, "%s share the win", i18n.JoinNames(ctx, res.Winners))
	}
	return ""
}

// signed writes a number with a real minus sign.
func signed(n int) string {
	if n < 0 {
		return fmt.Sprintf("−%d", -n)
	}
	return fmt.Sprint(n)
}

// roundText tells one round: who called (Cambio) or was the Kodiak, then
// each player's points in that round with any bonus lines.
func roundText(ctx context.Context, t sessions.Table, seq int, p sessions.RoundRecorded) string {
	r := roundNumberOf(t, seq, p.Game)
	s := i18n.T(ctx, "Round %d of game %d", r, p.Game)
	// What marked the round (who called Cambio, who was the Kodiak), as
	// the engine reads it.
	var parts []string
	if engine, ok := timelineFind(t.Info.Slug); ok {
		if rounds, ok := engine.(scoring.RoundFacts); ok {
			// A recorded round was read by the engine when it was entered;
			// one it cannot read has nothing to tell besides its points.
			if notes, err := rounds.Notes(p.Round); err == nil {
				for _, n := range notes {
					parts = append(parts, i18n.Say(ctx, n))
				}
			}
		}
	}
	if res, ok := roundResult(t, seq, p.Game); ok {
		var pts []string
		for _, pr := range res.Players {
			if r > len(pr.Rounds) {
				continue
			}
			x := pr.Name + " " + signed(pr.Rounds[r-1])
			if extra := roundExtras(ctx, pr, r); extra != "" {
				x += " (" + extra + ")"
			}
			pts = append(pts, x)
		}
		if len(pts) > 0 {
			parts = append(parts, strings.Join(pts, ", "))
		}
	}
	if len(parts) > 0 {
		s += ": " + strings.Join(parts, "; ")
	}
	return s
}

// roundExtras lists the lines of round r after the first (the cards):
// bonuses such as "Cambio called, fewest (−5)", in ctx's language.
func roundExtras(ctx context.Context, pr scoring.PlayerResult, r int) string {
	prefix := i18n.T(ctx, "round %d", r) + ": "
	var out []string
	first := true
	for _, l := range pr.Breakdown {
		label, ok := strings.CutPrefix(i18n.Say(ctx, l.Text()), prefix)
		if !ok {
			continue
		}
		if first {
			first = false
			continue
		}
		if !strings.ContainsAny(label, "0123456789") {
			label = signed(l.Points) + " " + label
		}
		out = append(out, label)
	}
	return strings.Join(out, ", ")
}

// roundResult is the verdict on game n as it stood with the round at seq:
// the table's own game when the round is still in effect (later rounds do
// not change an earlier round's points), else the log replayed up to it.
func roundResult(t sessions.Table, seq, game int) (scoring.Result, bool) {
	e, ok := logEntry(t, seq)
	if !ok {
		return scoring.Result{}, false
	}
	if e.UndoneBy == 0 {
		g, ok := t.Game(game)
		return g.Result, ok && g.Err == ""
	}
	then, err := sessions.Replay(t.ID, eventsUpTo(t, seq), timelineFind)
	if err != nil {
		return scoring.Result{}, false
	}
	g, ok := then.Game(game)
	return g.Result, ok && g.Err == ""
}

// eventsUpTo returns the table's events up to and including seq.
func eventsUpTo(t sessions.Table, seq int) []sessions.Event {
	var out []sessions.Event
	for _, e := range t.Log {
		if e.Seq > seq {
			break
		}
		out = append(out, e.Event)
	}
	return out
}

// roundNumberOf counts which round of its game the round at seq was when
// it was entered: earlier rounds of the game still in effect at that time.
func roundNumberOf(t sessions.Table, seq, game int) int {
	n := 0
	for _, e := range t.Log {
		if e.Seq > seq {
			break
		}
		if e.Kind != sessions.KindRoundRecorded || (e.UndoneBy != 0 && e.UndoneBy < seq) {
			continue
		}
		var p sessions.RoundRecorded
		if json.Unmarshal(e.Payload, &p) == nil && p.Game == game {
			n++
		}
	}
	return n
}

// runningLines is the table's running totals game by game, a line per
// player (views.Lines draws it), added up as the standings are.
func runningLines(ctx context.Context, t sessions.Table) views.LineChart {
	c := views.LineChart{ID: "totals-chart", XLabel: i18n.T(ctx, "Game"),
		Title: i18n.N(ctx, len(t.Games), "Running totals after 1 game", "Running totals after %d games")}
	index := map[string]int{}
	for i, name := range t.Players {
		index[name] = i
		c.Series = append(c.Series, views.Series{Name: name})
	}
	running := make([]int, len(t.Players))
	for _, g := range t.Games {
		for _, p := range g.Result.Players {
			if i, ok := index[p.Name]; ok {
				running[i] += p.Total
			}
		}
		for i := range c.Series {
			c.Series[i].Values = append(c.Series[i].Values, running[i])
		}
	}
	return c
}

// roundLines is a round-based game's running totals round by round, with
// Cambio's target (50 unless the table chose another).
func roundLines(ctx context.Context, slug string, g sessions.Game) views.LineChart {
	c := views.LineChart{ID: "rounds-chart", XLabel: i18n.T(ctx, "Round"), Title: i18n.T(ctx, "Game %d, running totals by round", g.Number)}
	for _, p := range g.Result.Players {
		s := views.Series{Name: p.Name}
		total := 0
		for _, r := range p.Rounds {
			total += r
			s.Values = append(s.Values, total)
		}
		c.Series = append(c.Series, s)
	}
	// The total that ends the game, as the engine reads the game (Cambio:
	// 50 unless the table chose another).
	if engine, ok := timelineFind(slug); ok {
		if rounds, ok := engine.(scoring.RoundFacts); ok {
			if target := rounds.Target(g.State); target > 0 {
				c.HasTarget, c.Target = true, target
			}
		}
	}
	return c
}

// moveNumberOf counts which move of its guided game the step at seq was:
// steps since the last start before it, still in effect at that time.
func moveNumberOf(t sessions.Table, seq int) int {
	n := 0
	for _, e := range t.Log {
		if e.Seq > seq {
			break
		}
		if e.UndoneBy != 0 && e.UndoneBy < seq {
			continue
		}
		switch e.Kind {
		case sessions.KindPlayStarted:
			n = 0
		case sessions.KindPlayStep:
			n++
		}
	}
	return n
}

// gameFinishedBy returns the game a guided play step ended, if that game
// is on the table as the step left it (not undone, not corrected since).
func gameFinishedBy(t sessions.Table, seq int) (sessions.Game, bool) {
	for _, g := range t.Games {
		if g.Seq == seq {
			return g, true
		}
	}
	return sessions.Game{}, false
}
