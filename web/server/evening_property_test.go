package server

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"tablemate/web/cards"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"pgregory.net/rapid"

	"tablemate/scoring"
	"tablemate/scoring/cambio"
	"tablemate/scoring/kks"
	scoresheet "tablemate/scoring/sheet"
	"tablemate/sessions"
	"tablemate/sessions/league"
	"tablemate/views/i18n"
	"tablemate/web/webtest"
)

// TestEveningViewsAgree generates evenings — games of different kinds in
// any order (Koffer, Katze & Sombrero results, some breaking a rule,
// Cambio games round by round, score sheets under two names and won
// either way, games imported from a play file), corrections of old games
// and rounds after the table moved on, games counted as entered, games
// played along and stopped, undos — and checks that every view of the
// evening tells the same result: the standing the table derives equals
// one worked out here from the games' records alone, the standing's
// table on the page, its bar and line charts, the evening's ranking,
// the card's model, the link preview's leaders, the league's count of
// the table's games and wins, the CSV and BG Stats exports and the JSON
// export imported again. A
// disputed game that was not settled counts nowhere (ruling G-5).
//
// It runs rapid's default 100 evenings (-rapid.checks=N for more, on the
// SQLite pass only: the store plays no part); a failure prints the
// shrunk evening that breaks it, step by step.
func TestEveningViewsAgree(t *testing.T) {
	t.Parallel()
	webtest.SQLiteOnly(t, "the derivation does not depend on the store")
	webtest.WithoutRace(t, "a hundred evenings written and read one request after another")
	ts := newTestServer(t)
	ctx := context.Background()
	rapid.Check(t, func(rt *rapid.T) {
		e := newEveningRun(rt, ts, ctx)
		ops := rapid.SliceOfN(eveningOp(), 1, 12).Draw(rt, "evening")
		for i, op := range ops {
			e.apply(op)
			rt.Logf("after step %d (%s): %s", i+1, op, e.describe())
			e.checkDerivation()
		}
		e.checkViews()
	})
}

// op is one step of a generated evening.
type op struct {
	Kind string // kks, kks-disputed, cambio, sheet, correct, correct-round, settle, undo, play-keep, play-discard, cambio-stop, correct-sheet
	A, B int    // the game (or the card, the score) it chooses, by index
	Flag bool
}

func (o op) String() string { return fmt.Sprintf("%s(%d,%d,%v)", o.Kind, o.A, o.B, o.Flag) }

func eveningOp() *rapid.Generator[op] {
	return rapid.Custom(func(t *rapid.T) op {
		kind := rapid.SampledFrom([]string{"kks", "kks", "kks-disputed", "cambio", "sheet", "sheet",
			"correct", "correct-round", "settle", "settle", "undo", "play-keep", "play-discard", "cambio-stop", "correct-sheet"}).Draw(t, "kind")
		return op{Kind: kind, A: rapid.IntRange(0, 40).Draw(t, "a"), B: rapid.IntRange(0, 40).Draw(t, "b"), Flag: rapid.Bool().Draw(t, "flag")}
	})
}

// eveningRun is one generated evening on a table of its own, counted by
// a league of its own.
type eveningRun struct {
	t      *rapid.T
	ts     *testServer
	ctx    context.Context
	tables *sessions.Tables
	edit   string
	l      sessions.League
}

var eveningPlayers = []string{"Ana", "Ben", "Cy"}

// newEveningRun starts the evening: a table made by importing games from
// a play file (some evenings), or a new table.
func newEveningRun(t *rapid.T, ts *testServer, ctx context.Context) *eveningRun {
	e := &eveningRun{t: t, ts: ts, ctx: ctx, tables: ts.app.tables}
	l, err := e.tables.CreateLeague(ctx, "League", string(league.Placing), "2/1/0", eveningPlayers)
	if err != nil {
		t.Fatal(err)
	}
	e.l = l
	imports := rapid.IntRange(0, 2).Draw(t, "imported games")
	if imports == 0 {
		if e.edit, err = e.tables.Create(ctx, "", sessions.TableCreated{Game: kks.Slug, Name: "Evening", Players: eveningPlayers}); err != nil {
			t.Fatal(err)
		}
		if err := e.tables.AddTable(ctx, l, e.edit); err != nil {
			t.Fatal(err)
		}
		return e
	}
	asSheet := rapid.Bool().Draw(t, "imported sheets")
	group := sessions.ImportGroup{Game: kks.Slug, Name: "Imported", Players: eveningPlayers}
	for i := range imports {
		g := sessions.GameImported{Source: "bgstats", Played: fmt.Sprintf("2024-05-1%d 20:15:00", i+1)}
		var scores []scoresheet.Entry
		winner := rapid.IntRange(0, 2).Draw(t, "imported winner")
		for j, name := range eveningPlayers {
			score := rapid.IntRange(-3, 30).Draw(t, "imported score")
			g.Players = append(g.Players, sessions.ImportedScore{Name: name, Score: score, Winner: j == winner})
			scores = append(scores, scoresheet.Entry{Name: name, Points: score})
		}
		if asSheet {
			group.Game = scoresheet.Slug
			g.Game = "Skat"
			state, err := (scoresheet.Engine{}).AppendRound(nil, mustMarshal(scoresheet.Round{Name: "Skat", FinalOnly: true, Scores: scores, Last: true}))
			if err != nil {
				t.Fatal(err)
			}
			g.State = state
		}
		group.Games = append(group.Games, g)
		group.Plays = append(group.Plays, i)
	}
	made, _, err := e.tables.ImportGames(ctx, l, []sessions.ImportGroup{group})
	if err != nil {
		t.Fatal(err)
	}
	e.edit = made[0].Edit
	if e.l, err = e.tables.LeagueByAdmin(ctx, l.AdminLink()); err != nil {
		t.Fatal(err)
	}
	return e
}

func mustMarshal(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func (e *eveningRun) table() sessions.Table {
	tb, err := e.tables.Table(e.ctx, e.edit)
	if err != nil {
		e.t.Fatal(err)
	}
	return tb
}

// done checks a write: refused input is fine (the step was not one the
// table allows now), anything else fails.
func (e *eveningRun) done(_ sessions.Appended, err error) {
	if err == nil {
		return
	}
	var in *scoring.InputError
	if errors.As(err, &in) || errors.Is(err, sessions.ErrNothingToUndo) {
		e.t.Logf("refused: %v", err)
		return
	}
	e.t.Fatal(err)
}

// free ends whatever is going on (a game played along, a round game not
// over), so a step can choose the next game.
func (e *eveningRun) free() {
	for range 10 {
		tb := e.table()
		switch g, going := tb.InProgress(); {
		case tb.Play != nil:
			e.done(e.tables.StopPlay(e.ctx, e.edit, tb.Head, "", false))
		case going && g.Info.Slug == cambio.Slug:
			e.done(e.tables.RecordRound(e.ctx, e.edit, tb.Head, "", cambioRoundOf(g.Rounds(), 0, 0)))
		case going:
			e.done(e.tables.RecordRound(e.ctx, e.edit, tb.Head, "", mustMarshal(scoresheet.Round{Scores: []scoresheet.Entry{{Name: "Ana", Points: 1}}, Last: true})))
		default:
			return
		}
	}
	e.t.Fatal("the table stays busy")
}

// playing makes the table play game slug next.
func (e *eveningRun) playing(slug string) {
	e.free()
	if tb := e.table(); tb.Info.Slug != slug {
		e.done(e.tables.ChooseGame(e.ctx, e.edit, tb.Head, "", sessions.GameChosen{Game: slug}))
	}
}

// kksState is a KKS result of the three players: whole (12 cards each,
// KKS-3) with tokens and black pairs drawn from a and b, or short
// (breaking KKS-3: disputed).
func kksState(a, b int, whole bool) json.RawMessage {
	colours := []string{"red", "blue", "yellow"}
	var ps []string
	for i, name := range eveningPlayers {
		seat := (i + a) % 3
		tokens := (a*(i+1) + b*(i+2)) % 8
		display := fmt.Sprintf(`{%q:"1 2 3 4 5 6 7 8 9 10","black":"%d %d"}`, colours[seat], 2*seat+1, 2*seat+2)
		if !whole {
			display = fmt.Sprintf(`{%q:"%d"}`, colours[seat], 1+(b+i)%10)
		}
		ps = append(ps, fmt.Sprintf(`{"name":%q,"tokens":%d,"display":%s}`, name, tokens, display))
	}
	return json.RawMessage(`{"players":[` + strings.Join(ps, ",") + `]}`)
}

// cambioRoundOf is round j of a Cambio game to 50: the test data's three
// rounds, Ana's first card of round 1 and Ben's first card of round 1
// being a and b (0–13), so corrections change who wins but every game
// still reaches 50 (Ana's total stays at 54 or more).
func cambioRoundOf(j, a, b int) json.RawMessage {
	rounds := [][]string{
		{fmt.Sprintf(`{"name":"Ana","cards":["%d","red-king","swap"]}`, a%14), fmt.Sprintf(`{"name":"Ben","cards":["%d","4"],"cambio":true}`, b%14), `{"name":"Cy","cards":["peek-mine","blue-king"]}`},
		{`{"name":"Ana","cards":["blue-king","energy"]}`, `{"name":"Ben","cards":["5","6","peek-yours"]}`, `{"name":"Cy","cards":["0"],"cambio":true}`},
		{`{"name":"Ana","cards":["13","sunlight"]}`, `{"name":"Ben","cards":["8"],"cambio":true}`, `{"name":"Cy","cards":["1"]}`},
	}
	return json.RawMessage(`{"players":[` + strings.Join(rounds[j%3], ",") + `]}`)
}

// apply runs one step through the table's commands, as the pages do.
func (e *eveningRun) apply(o op) {
	tb := e.table()
	switch o.Kind {
	case "kks", "kks-disputed":
		e.playing(kks.Slug)
		tb = e.table()
		e.done(e.tables.RecordGame(e.ctx, e.edit, tb.Head, "", kksState(o.A, o.B, o.Kind == "kks")))
	case "cambio":
		e.playing(cambio.Slug)
		for j := range 3 {
			tb = e.table()
			e.done(e.tables.RecordRound(e.ctx, e.edit, tb.Head, "", cambioRoundOf(j, 7, 3)))
		}
	case "sheet":
		e.playing(scoresheet.Slug)
		names := []string{"Skat", "Golf"}
		r := scoresheet.Round{Name: names[o.A%2], LowestWins: o.Flag, FinalOnly: true, Last: true}
		for i, name := range eveningPlayers {
			if i == 2 && o.B%3 == 0 {
				continue // Cy sits this one out
			}
			r.Scores = append(r.Scores, scoresheet.Entry{Name: name, Points: (o.A*(i+3) + o.B*(i+1)) % 25})
		}
		tb = e.table()
		e.done(e.tables.RecordRound(e.ctx, e.edit, tb.Head, "", mustMarshal(r)))
	case "cambio-stop":
		// A Cambio game of one or two rounds, stopped before its end.
		e.playing(cambio.Slug)
		for j := range 1 + o.A%2 {
			tb = e.table()
			e.done(e.tables.RecordRound(e.ctx, e.edit, tb.Head, "", cambioRoundOf(j, o.A, o.B)))
		}
		if tb = e.table(); tb.Games.Len() > 0 {
			e.done(e.tables.StopGame(e.ctx, e.edit, tb.Head, "", tb.Games.Len()))
		}
	case "correct-sheet":
		// Round 1 of a sheet (an imported one too) corrected with new
		// scores, after the table moved on or not.
		for i := range tb.Games.All() {
			g := tb.Games.At((o.A + i) % tb.Games.Len())
			if g.Info.Slug != scoresheet.Slug || g.Rounds() == 0 && g.Imported == nil {
				continue
			}
			r := scoresheet.Round{}
			for k, p := range g.Result().Players {
				r.Scores = append(r.Scores, scoresheet.Entry{Name: p.Name, Points: (o.B*(k+2) + o.A) % 30})
			}
			e.done(e.tables.CorrectRound(e.ctx, e.edit, tb.Head, "", g.Number, 1, mustMarshal(r), "a typo"))
			return
		}
	case "correct":
		if tb.Games.Len() == 0 {
			return
		}
		g := tb.Games.At(o.A % tb.Games.Len())
		if g.Info.Slug != kks.Slug || g.Imported != nil {
			return
		}
		e.done(e.tables.CorrectGame(e.ctx, e.edit, tb.Head, "", g.Number, kksState(o.B, o.A, o.Flag), "a typo"))
	case "correct-round":
		for i := range tb.Games.All() {
			g := tb.Games.At((o.A + i) % tb.Games.Len())
			if g.Info.Slug == cambio.Slug && g.Rounds() > 0 {
				r := 1 + o.B%g.Rounds()
				e.done(e.tables.CorrectRound(e.ctx, e.edit, tb.Head, "", g.Number, r, cambioRoundOf(r-1, o.A, o.B), "a typo"))
				return
			}
		}
	case "settle":
		for i := range tb.Games.All() {
			if g := tb.Games.At((o.A + i) % tb.Games.Len()); g.Record.Over && g.Record.Disputed() {
				e.done(e.tables.SettleGame(e.ctx, e.edit, tb.Head, "", g.Number))
				return
			}
		}
	case "undo":
		e.done(e.tables.Undo(e.ctx, e.edit, tb.Head, ""))
	case "play-keep", "play-discard":
		e.playing(kks.Slug)
		tb = e.table()
		e.done(e.tables.StartPlay(e.ctx, e.edit, tb.Head, "", []byte(`{"row":["red 10","black 2","red 1","blue 4","yellow 6","red 5","black 9"]}`)))
		for i := range 1 + o.A%3 {
			tb = e.table()
			e.done(e.tables.PlayStep(e.ctx, e.edit, tb.Head, "", []byte(fmt.Sprintf(`{"take":1,"reveal":"red %d"}`, 2+i))))
		}
		tb = e.table()
		e.done(e.tables.StopPlay(e.ctx, e.edit, tb.Head, "", o.Kind == "play-keep"))
	}
}

// describe is the evening so far in one line, for a failure's output.
func (e *eveningRun) describe() string {
	tb := e.table()
	var games []string
	for _, g := range tb.Games.All() {
		r := g.Record
		s := fmt.Sprintf("%d:%s/%s", r.Number, r.Kind, r.Status)
		if r.Settled {
			s += "+settled"
		}
		if !r.Over {
			s += "+notover"
		}
		for _, seat := range r.Seats {
			s += fmt.Sprintf(" %s=%d#%d", seat.Name, seat.Score, seat.Place)
		}
		games = append(games, "["+s+"]")
	}
	return fmt.Sprintf("plays %s, %s; standing %+v", tb.Info.Slug, strings.Join(games, " "), tb.Evening().Rows)
}

// reference is the standing worked out here from the games' records
// alone, each game counted by its own status (not the record's Counted):
// one kind (and one way of winning) summed, different kinds by placing
// points, 2/1/0 for the table's three seats.
type refRow struct {
	points        float64
	total, played int
	wins          int
}

func reference(t *rapid.T, tb sessions.Table) (string, map[string]refRow) {
	kinds := map[string]bool{}
	var counted []sessions.GameRecord
	for _, g := range tb.Games.All() {
		r := g.Record
		over := g.Err == "" && (g.Result().GameOver || g.Info.Slug == kks.Slug) && !g.Unfinished
		disputed := g.Imported == nil && g.Info.Slug != scoresheet.Slug && !g.Result().Valid && !g.Settled
		if r.Counted != (over && !disputed) {
			t.Fatalf("game %d counts %v, but it is over %v and disputed %v", r.Number, r.Counted, over, disputed)
		}
		if over && !disputed {
			counted = append(counted, r)
			kinds[r.Kind+strconv.FormatBool(r.LowestWins)] = true
		}
	}
	mode := sessions.EveningSum
	if len(kinds) > 1 {
		mode = sessions.EveningPlacings
	}
	rows := map[string]refRow{}
	for _, r := range counted {
		for _, s := range r.Seats {
			row := rows[s.Name]
			row.played++
			row.total += s.Score
			if s.Won {
				row.wins++
			}
			if mode == sessions.EveningSum {
				row.points += float64(s.Score)
			} else {
				// The points of the places a tie covers, shared: 2, 1, 0.
				sum := 0.0
				for p := s.Place; p < s.Place+s.Tied; p++ {
					sum += float64(len(tb.Players) - p)
				}
				row.points += sum / float64(s.Tied)
			}
			rows[s.Name] = row
		}
	}
	if len(counted) == 0 {
		mode = ""
	}
	return mode, rows
}

// checkDerivation holds the table's standing to the reference, and each
// record's places to its scores and winners.
func (e *eveningRun) checkDerivation() {
	tb := e.table()
	for _, g := range tb.Games.All() {
		r := g.Record
		for _, s := range r.Seats {
			better := 0
			for _, o := range r.Seats {
				if o.Won && !s.Won || o.Won == s.Won && (r.LowestWins && o.Score < s.Score || !r.LowestWins && o.Score > s.Score) {
					better++
				}
			}
			if s.Place != better+1 || s.Won != slices.Contains(r.Winners, s.Name) || s.Won && !r.Counted {
				e.t.Fatalf("game %d places %s %+v, %d placed before", r.Number, s.Name, s, better)
			}
		}
	}
	mode, want := reference(e.t, tb)
	ev := tb.Evening()
	if ev.Mode != mode || len(ev.Rows) != len(want) {
		e.t.Fatalf("the standing is %q with %d rows, the records give %q with %d", ev.Mode, len(ev.Rows), mode, len(want))
	}
	for _, r := range ev.Rows {
		w := want[r.Name]
		if r.Points != w.points || r.Total != w.total || r.Played != w.played || r.Wins != w.wins {
			e.t.Fatalf("%s stands %+v, the records give %+v", r.Name, r, w)
		}
	}
}

// checkViews reads every view of the evening and holds it to the
// standing.
func (e *eveningRun) checkViews() {
	tb := e.table()
	ev := tb.Evening()
	ts := e.ts
	base := "/tables/" + e.edit
	page := ts.Get(base)
	if page.Status != 200 {
		e.t.Fatalf("the table page: %d", page.Status)
	}
	// The standing's table.
	var shown []string
	page.Doc.Find(`[data-testid="standings"] tbody tr`).Each(func(_ int, s *goquery.Selection) {
		shown = append(shown, s.AttrOr("data-player", "")+" "+s.Find(`[data-testid="total"]`).Text()+" "+s.Find(`[data-testid="wins"]`).Text())
	})
	var want []string
	for _, r := range ev.Rows {
		want = append(want, fmt.Sprintf("%s %s %d", r.Name, i18n.Decimal(context.Background(), r.Points, -1), r.Wins))
	}
	if !slices.Equal(shown, want) {
		e.t.Fatalf("the page's standing %q, the table's %q", shown, want)
	}
	// Each game's cell writes a score as the totals do: with the real
	// minus sign, never a hyphen.
	page.Doc.Find(`[data-testid="standings"] tbody td.small`).Each(func(_ int, s *goquery.Selection) {
		if strings.Contains(s.Text(), "-") {
			e.t.Fatalf("a game's cell of the standing reads %q: a hyphen for a minus", s.Text())
		}
	})
	// The bar chart: a bar per row, its value the row's points.
	var bars []string
	page.Doc.Find(`[data-testid="chart"] svg text`).Each(func(i int, s *goquery.Selection) { bars = append(bars, s.Text()) })
	var wantBars []string
	for _, r := range ev.Rows {
		wantBars = append(wantBars, r.Name, minusText(r.Points))
	}
	if !slices.Equal(bars, wantBars) {
		e.t.Fatalf("the bar chart %q, the standing %q", bars, wantBars)
	}
	// The line chart ends where the standing is (two counted games on).
	lines := map[string]string{}
	page.Doc.Find(`[data-testid="totals-chart"] .sr-only tbody tr`).Each(func(_ int, s *goquery.Selection) {
		lines[s.Find("th").Text()] = s.Find("td").Last().Text()
	})
	if ev.Done >= 2 {
		for _, r := range ev.Rows {
			if got := lines[r.Name]; got != minusText(r.Points) {
				e.t.Fatalf("the line chart ends %s at %q, the standing has %v", r.Name, got, r.Points)
			}
		}
	}
	// The evening's ranking.
	var ranking []string
	ts.Get(base + "/evening").Doc.Find(`[data-testid="ranking"] li`).Each(func(_ int, s *goquery.Selection) {
		ranking = append(ranking, s.AttrOr("data-place", "")+" "+s.AttrOr("data-player", "")+" "+s.Find(".rank-total").Text())
	})
	var wantRanking []string
	for _, r := range ev.Rows {
		wantRanking = append(wantRanking, fmt.Sprintf("%d %s %s", r.Rank, r.Name, i18n.Decimal(context.Background(), r.Points, -1)))
	}
	if !slices.Equal(ranking, wantRanking) {
		e.t.Fatalf("the evening's ranking %q, the standing %q", ranking, wantRanking)
	}
	// The card's model.
	if games := cards.Finished(tb); len(games) > 0 {
		var card []string
		for _, r := range e.ts.app.cards.EveningCard(context.Background(), tb, games).Standing {
			card = append(card, fmt.Sprintf("%d %s %s %d", r.Place, r.Name, r.Score(context.Background()), r.Wins))
		}
		var wantCard []string
		for _, r := range ev.Rows {
			wantCard = append(wantCard, fmt.Sprintf("%d %s %s %d", r.Rank, r.Name, i18n.Decimal(context.Background(), r.Points, -1), r.Wins))
		}
		if !slices.Equal(card, wantCard) {
			e.t.Fatalf("the card's standing %q, the table's %q", card, wantCard)
		}
	}
	// The link preview names the leaders.
	links, err := e.tables.Links(e.ctx, e.edit)
	if err != nil {
		e.t.Fatal(err)
	}
	view := ts.Get("/v/" + links.View)
	if desc := view.Doc.Find(`meta[property="og:description"]`).AttrOr("content", ""); len(cards.Finished(tb)) > 0 {
		leaders := i18n.JoinNames(context.Background(), tb.Leaders())
		if len(ev.Rows) == 0 && desc != "No game counts yet." || len(ev.Rows) > 0 && !strings.Contains(desc, ": "+leaders+" lead") {
			e.t.Fatalf("the preview says %q, the leaders are %q", desc, leaders)
		}
	}
	// The league counts the table's games and wins as the standing does.
	sums, err := e.tables.LeagueSummaries(e.ctx, e.l)
	if err != nil {
		e.t.Fatal(err)
	}
	var results []league.Result
	for _, g := range e.l.Games(sums) {
		results = append(results, g.Result)
	}
	counts := map[string]string{}
	for _, s := range league.Standings(results, league.Placing, []float64{2, 1, 0}) {
		counts[s.Player] = fmt.Sprintf("%d/%d", s.Played, s.Wins)
	}
	if len(results) != ev.Done || len(counts) != len(ev.Rows) {
		e.t.Fatalf("the league counts %d games of %d players, the table %d of %d", len(results), len(counts), ev.Done, len(ev.Rows))
	}
	for _, r := range ev.Rows {
		if got := counts[r.Name]; got != fmt.Sprintf("%d/%d", r.Played, r.Wins) {
			e.t.Fatalf("the league has %s at %s played/won, the table at %d/%d", r.Name, got, r.Played, r.Wins)
		}
	}
	// The results CSV: the counted rows add up to the standing.
	rows, err := csv.NewReader(strings.NewReader(ts.Get(base + "/results.csv").Body)).ReadAll()
	if err != nil {
		e.t.Fatal(err)
	}
	fromCSV := map[string]refRow{}
	for _, row := range rows[1:] {
		if row[10] != "true" {
			continue
		}
		r := fromCSV[row[2]]
		total, _ := strconv.Atoi(row[3])
		r.total += total
		r.played++
		if row[4] == "true" {
			r.wins++
		}
		fromCSV[row[2]] = r
	}
	for _, r := range ev.Rows {
		if c := fromCSV[r.Name]; c.total != r.Total || c.played != r.Played || c.wins != r.Wins {
			e.t.Fatalf("the CSV has %s at %+v, the standing at %+v", r.Name, c, r)
		}
	}
	// The JSON export is the log: imported, it stands the same.
	copied, err := e.tables.Import(e.ctx, []byte(ts.Get(base+"/export.json").Body))
	if err != nil {
		e.t.Fatalf("the JSON export does not import: %v", err)
	}
	again, err := e.tables.Table(e.ctx, copied)
	if err != nil {
		e.t.Fatal(err)
	}
	if got, want := fmt.Sprintf("%+v", again.Evening().Rows), fmt.Sprintf("%+v", ev.Rows); got != want {
		e.t.Fatalf("the JSON export imports as %s, the table stands %s", got, want)
	}
	// The BG Stats export: the counted games, their winners the standing's.
	var bg struct {
		Plays []struct {
			PlayerScores []struct {
				PlayerRefID int  `json:"playerRefId"`
				Winner      bool `json:"winner"`
			} `json:"playerScores"`
		} `json:"plays"`
		Players []struct {
			ID   int    `json:"id"`
			Name string `json:"name"`
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(ts.Get(base+"/export.bgsplay").Body), &bg); err != nil {
		e.t.Fatal(err)
	}
	names := map[int]string{}
	for _, p := range bg.Players {
		names[p.ID] = p.Name
	}
	wins := map[string]int{}
	for _, p := range bg.Plays {
		for _, s := range p.PlayerScores {
			if s.Winner {
				wins[names[s.PlayerRefID]]++
			}
		}
	}
	if len(bg.Plays) != ev.Done {
		e.t.Fatalf("the BG Stats file holds %d plays, the standing counts %d games", len(bg.Plays), ev.Done)
	}
	for _, r := range ev.Rows {
		if wins[r.Name] != r.Wins {
			e.t.Fatalf("the BG Stats file gives %s %d wins, the standing %d", r.Name, wins[r.Name], r.Wins)
		}
	}
}

// minusText writes a number as the line chart's data table does.
func minusText(v float64) string {
	s := strconv.FormatFloat(v, 'f', -1, 64)
	return strings.Replace(s, "-", "−", 1)
}
