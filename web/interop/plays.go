package interop

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/sessions/plays"
	"tablemate/views"
	"tablemate/web/games"
	"tablemate/web/kit"
	"tablemate/web/serve"
)

// Plays that travel: a table's or a league's games as a BG Stats play
// file (.bgsplay) or as BoardGameGeek play records (XML), for the play
// loggers people keep their history in (docs/interop.md). An export
// holds names, scores and dates, never a link; the view-only link, the
// edit link and the league's standings link export alike.

// ImportedMark is the line an export adds to the comments of an imported
// game (a play file is data, in English); an import takes it out again,
// so a game that goes out and comes back keeps its comments.
const ImportedMark = "Imported into Tablemate, not checked by the rules."

// playGames are the registry's games as play files know them (their
// titles, other titles, BoardGameGeek ids).
var playGames = plays.NewGames(games.Engines()...)

// GameName is the name of g's game in a play file (playGame); a result
// card names the game so.
func GameName(g sessions.Game) string { return playGame(g).Name }

// playGame is the game of g in a play file: one of the seven, or another
// game's sheet under the name the table gave it (an imported sheet: the
// title and BoardGameGeek id its file gave).
func playGame(g sessions.Game) plays.Game {
	if pg, ok := playGames.KnownGame(g.Info.Slug); ok {
		return pg
	}
	pg := plays.Game{Name: cmp.Or(g.Record.Sheet, g.Info.Title), LowestWins: g.Record.LowestWins}
	if im := g.Imported; im != nil && im.Game != "" {
		pg.Name, pg.BGGID = im.Game, im.BGGID
	}
	return pg
}

// tablePlays are the games of t that count (their records' Counted: over,
// readable, not disputed unless counted as entered; an imported game as
// its file said) as neutral plays: seat order and the start player from
// the table, each player's rank and win from the game's record, its
// length and start as sessions derives them (Table.GameLength) — for a
// game of one entry with no length, the time of that entry in the
// server's zone and the minutes since the game before when that was the
// same evening.
func tablePlays(t sessions.Table) []plays.Play {
	_, ps := countedPlays(t)
	return ps
}

// countedPlays are tablePlays with each play's game number.
func countedPlays(t sessions.Table) (nums []int, out []plays.Play) {
	finished, starts := gameTimes(t)
	for _, g := range t.Games.All() {
		if !g.Record.Counted {
			continue
		}
		nums = append(nums, g.Number)
		if g.Imported != nil {
			out = append(out, importedPlay(t, g))
			continue
		}
		p := plays.Play{ID: "table/" + t.Key + "/game/" + strconv.Itoa(g.Number), Played: finished[g.Number].In(time.Local)}
		p.Game = playGame(g)
		p.Comments = sessions.WithEveningNote(t.Note(g.Number), t.EveningNote())
		if l := t.GameLength(g.Number); l.Known() {
			p.Minutes, p.Played = l.Minutes, l.Start.In(time.Local)
		} else if prev, ok := finished[g.Number-1]; ok && g.Number > 1 {
			if d := finished[g.Number].Sub(prev); d > 0 && d < 4*time.Hour {
				p.Minutes = max(1, int(d.Round(time.Minute)/time.Minute))
				p.Played = prev.In(time.Local)
			}
		}
		for _, r := range g.Result().Players {
			p.Rounds = max(p.Rounds, len(r.Rounds))
		}
		for _, s := range g.Record.Seats {
			p.Players = append(p.Players, plays.Player{
				Name: s.Name, Score: plays.Int(s.Score), Winner: s.Won, Rank: s.Place,
				Seat: slices.Index(t.Players, s.Name) + 1, StartPlayer: starts[g.Number] == s.Name,
			})
		}
		seatOrder(p.Players)
		out = append(out, p)
	}
	return nums, out
}

// bgStatsLinks are the "Send to BG Stats" links of t's counted games by
// game number, with the values its .bgsplay export gives each game (the
// same plays), made once per version of the table. A link carries names,
// scores and times, never a link of the table.
func bgStatsLinks(t sessions.Table) map[int]string {
	return t.Derived("bgstats-links", func() any {
		links := map[int]string{}
		nums, ps := countedPlays(t)
		for i, p := range ps {
			if l, err := playGames.BGStatsLink(p); err == nil {
				links[nums[i]] = l
			}
		}
		return links
	}).(map[int]string)
}

// BGStatsGame is game n's "Send to BG Stats" link on its own page, none
// while it does not count.
func BGStatsGame(t sessions.Table, n int) []views.BGStatsLink {
	if l, ok := bgStatsLinks(t)[n]; ok {
		return []views.BGStatsLink{{URL: l}}
	}
	return nil
}

// eveningBGStats is how many of the newest counted games the evening's
// page offers to BG Stats: the page stays the same size however long
// the evening (each game's page offers its own).
const eveningBGStats = 5

// BGStatsEvening is one "Send to BG Stats" link per counted game of the
// evening, the newest eveningBGStats of them, labelled with the game's
// number and title, and whether older games were left out.
func BGStatsEvening(c echo.Context, t sessions.Table) (out []views.BGStatsLink, more bool) {
	links := bgStatsLinks(t)
	for i := t.Games.Len() - 1; i >= 0; i-- {
		g := t.Games.At(i)
		if l, ok := links[g.Number]; ok {
			if len(out) == eveningBGStats {
				slices.Reverse(out)
				return out, true
			}
			out = append(out, views.BGStatsLink{Label: scoring.Phrasef("Game %d: %s", g.Number, playGames.Title(playGame(g))), URL: l})
		}
	}
	slices.Reverse(out)
	return out, false
}

// importedPlay is an imported game as the file gave it, marked as not
// checked by the rules, ranked as its record places it.
func importedPlay(t sessions.Table, g sessions.Game) plays.Play {
	im := g.Imported
	p := plays.Play{ID: im.Play, Played: im.PlayedAt(), Minutes: im.Minutes, Location: im.Location}
	if p.ID == "" {
		p.ID = "table/" + t.Key + "/game/" + strconv.Itoa(g.Number)
	}
	p.Game = playGame(g)
	p.Comments = strings.TrimSpace(sessions.WithEveningNote(t.Note(g.Number), t.EveningNote()) + "\n" + ImportedMark)
	for _, s := range im.Players {
		seat, _ := g.Record.Seat(s.Name)
		p.Players = append(p.Players, plays.Player{Name: s.Name, Score: plays.Int(s.Score), Winner: seat.Won, Rank: seat.Place,
			Seat: slices.Index(t.Players, s.Name) + 1, StartPlayer: s.Start})
	}
	seatOrder(p.Players)
	return p
}

// seatOrder sorts a play's players by seat (unseated last, as they were).
func seatOrder(ps []plays.Player) {
	slices.SortStableFunc(ps, func(a, b plays.Player) int {
		return seatKey(a.Seat) - seatKey(b.Seat)
	})
}

func seatKey(s int) int {
	if s == 0 {
		return 1 << 30
	}
	return s
}

// gameTimes works out, per game number, when its last entry in effect
// was made, and who started it when the engine knows (a guided game's
// setup naming the first player).
func gameTimes(t sessions.Table) (finished map[int]time.Time, starts map[int]string) {
	finished, starts = map[int]time.Time{}, map[int]string{}
	first := ""
	for _, e := range t.Log.All() {
		if e.Kind == sessions.KindUndo || t.UndoneBy(e.Seq) != 0 {
			continue
		}
		if e.Kind == sessions.KindPlayStarted {
			var p sessions.PlayStarted
			var setup struct {
				First string `json:"first"`
			}
			if json.Unmarshal(e.Payload, &p) == nil && json.Unmarshal(p.Setup, &setup) == nil {
				first = setup.First
			}
			continue
		}
		if e.Game > 0 {
			finished[e.Game] = e.At
			if e.Kind == sessions.KindPlayStep && first != "" {
				starts[e.Game] = first
			}
		}
	}
	return finished, starts
}

// answerPlays writes ps in the format the route asks for as a download
// named after name.
func answerPlays(c echo.Context, name string, ps []plays.Play, bgg bool) error {
	b, err := playsFile(ps, bgg)
	if err != nil {
		return err
	}
	return sendPlays(c, name, b, bgg)
}

// playsFile writes plays as a BG Stats file, or as BoardGameGeek XML.
// What a log kept from before today's rules (a name with U+FFFE, a 1 MB
// name) is written safely (plays.Writable): an export never fails on it.
func playsFile(ps []plays.Play, bgg bool) ([]byte, error) {
	var b bytes.Buffer
	var err error
	ps = plays.Writable(ps)
	if bgg {
		err = playGames.WriteBGG(&b, ps) // the engines' results always pass: an error is a bug
	} else {
		err = playGames.WriteBGStats(&b, ps, plays.BGStatsOptions{Now: time.Now()})
	}
	return b.Bytes(), err
}

// sendPlays answers with a play file written by playsFile.
func sendPlays(c echo.Context, name string, b []byte, bgg bool) error {
	if bgg {
		attach(c, fileName(name)+"-bgg.xml")
		return c.Blob(http.StatusOK, "application/xml; charset=utf-8", b)
	}
	attach(c, fileName(name)+".bgsplay")
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, b)
}

// LeaguePlays downloads the games of every table a league counts,
// through its standings link (the admin page links it too): GET
// /leagues/:id/export.bgsplay, or export-bgg.xml with bgg.
func (a *Area) LeaguePlays(bgg bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		l, err := a.League(c)
		if err != nil {
			return err
		}
		// Kept per league version, as its standings are: a league of
		// 10,000 plays is megabytes, written once per change, not per GET.
		ctx := c.Request().Context()
		version, err := a.leagues.Key(ctx, l)
		if err != nil {
			return err
		}
		key := fmt.Sprintf("%s|%t|%s", l.ID, bgg, version)
		if b, ok := a.leagueFiles.Get(key); ok {
			return sendPlays(c, l.Name+"-league", b, bgg)
		}
		a.leagueFilesMu.Lock() // one league file is written at a time
		defer a.leagueFilesMu.Unlock()
		if b, ok := a.leagueFiles.Get(key); ok {
			return sendPlays(c, l.Name+"-league", b, bgg)
		}
		tables, err := a.Tables.LeagueTablesOf(ctx, l)
		if err != nil {
			return err
		}
		var ps []plays.Play
		for _, t := range tables {
			ps = append(ps, tablePlays(t)...)
		}
		b, err := playsFile(ps, bgg)
		if err != nil {
			return err
		}
		a.leagueFilesMade.Add(1)
		if len(b) <= maxKeptLeagueFile {
			a.leagueFiles.Put(key, b)
		}
		return sendPlays(c, l.Name+"-league", b, bgg)
	}
}

// maxKeptLeagueFile bounds a league's play file kept for the next GET
// (leagueFiles keeps four).
const maxKeptLeagueFile = 32 << 20

// PlaysForm is the league admin's upload of a play file (GET
// /l/:admin/plays).
func (a *Area) PlaysForm(c echo.Context) error {
	l, err := a.LeagueAdmin(c)
	if err != nil {
		return err
	}
	return a.Render(c, http.StatusOK, views.PlaysImport(a.playsVM(c, l)))
}

func (a *Area) playsVM(c echo.Context, l sessions.League) views.PlaysImportVM {
	vm := views.PlaysImportVM{Page: kit.Page(c, scoring.Phrasef("Import plays")), Form: kit.Form(c, 0), AdminPath: "/l/" + c.Param("admin")}
	vm.Scripts = append(vm.Scripts, "js/plays.js")
	return vm
}

// ImportPlays reads an uploaded BG Stats or BoardGameGeek file and brings
// its plays into the league as new tables (one per game, day and set of
// players), all or nothing; every other play is listed with the reason it
// was left out. A bad file is named with what is wrong in it, and nothing
// is imported. With ?preview=1 (js/plays.js sends it first) it says what
// the import would make and writes nothing (POST /l/:admin/plays).
func (a *Area) ImportPlays(c echo.Context) error {
	l, err := a.LeagueAdmin(c)
	if err != nil {
		return err
	}
	vm := a.playsVM(c, l)
	fail := func(msg scoring.Phrase) error {
		vm.Error = msg
		return a.Render(c, http.StatusUnprocessableEntity, views.PlaysImport(vm))
	}
	file, done, err := a.openUpload(c, "file")
	defer done()
	if refused := serve.BodyRefused(c); refused != nil {
		return refused
	}
	var he *echo.HTTPError
	if errors.As(err, &he) {
		return err // refused before the file was read: 403 or 503
	}
	if err != nil {
		return fail(scoring.Phrasef("Choose the file to import: a BG Stats file (.bgsplay or its backup .json) or BoardGameGeek plays (.xml)."))
	}
	defer file.Close()
	body := a.budget.reader(c.RealIP(), file)
	format, ps, err := playGames.Read(body, plays.Limits{})
	var in *scoring.InputError
	switch {
	case err != nil && serve.BodyRefused(c) != nil:
		return serve.BodyRefused(c)
	case body.spent:
		c.Response().Header().Set("Retry-After", "60")
		return echo.NewHTTPError(http.StatusTooManyRequests, "This phone imported a lot in a short time. Wait a minute and import again; nothing was imported.")
	case errors.As(err, &in):
		vm.ErrorWhere = in.Field
		return fail(scoring.Phrasef("Nothing was imported: %s", in.Phrase))
	case err != nil:
		return err
	}
	ctx := c.Request().Context()
	tables, err := a.Tables.LeagueTablesOf(ctx, l)
	if err != nil {
		return err
	}
	plan := planImport(c, l, format, ps, inLeague(tables))
	preview := c.QueryParam("preview") == "1" // in the address: the file streams, its fields after it unread
	made, added, err := []sessions.ImportedTable(nil), []string(nil), error(nil)
	switch {
	case len(plan.groups) == 0:
	case preview:
		made, added, err = a.Tables.CheckImport(ctx, l, plan.groups)
	default:
		made, added, err = a.Tables.ImportGames(ctx, l, plan.groups)
	}
	switch {
	case errors.As(err, &in):
		vm.ErrorWhere = in.Field
		return fail(scoring.Phrasef("Nothing was imported: %s", in.Phrase))
	case err != nil:
		return err
	}
	vm.Done, vm.Preview, vm.Source, vm.Skipped, vm.Members = !preview, preview, SourceName(format), plan.skipped, added
	for i, t := range made {
		vm.Games += t.Games
		pt := views.PlaysTable{Name: t.Name, Game: groupTitle(plan.groups[i]), Games: t.Games}
		if t.Edit != "" {
			pt.URL = "/tables/" + t.Edit
		}
		vm.Tables = append(vm.Tables, pt)
	}
	return a.Render(c, http.StatusOK, views.PlaysImport(vm))
}

// SourceName is the play logger a file of format f came from, by its
// name.
func SourceName(f plays.Format) string {
	if f == plays.BGG {
		return "BoardGameGeek"
	}
	return "BG Stats"
}

// inLeague is every play identity the league holds already: the imported
// games' own, and the uuid a BG Stats export gives each game played here
// (so a file that went out of this league and comes back adds nothing).
func inLeague(tables []sessions.Table) map[string]bool {
	out := map[string]bool{}
	for _, t := range tables {
		for i, p := range tablePlays(t) {
			out[plays.PlayUUID(p, i)] = true
		}
		for _, g := range t.Games.All() {
			if g.Imported != nil && g.Imported.Play != "" {
				out[g.Imported.Play] = true
			}
		}
	}
	return out
}

// importPlan is what an upload will make: the tables' games, and the
// plays left out with the reason.
type importPlan struct {
	groups  []sessions.ImportGroup
	skipped []views.PlaysSkip
}

// playIdentity is the identity an imported play keeps (GameImported.Play):
// BG Stats' uuid, BoardGameGeek's play id.
func playIdentity(format plays.Format, p plays.Play, i int) string {
	if format == plays.BGG && p.BGGPlayID > 0 {
		return "bgg:" + strconv.Itoa(p.BGGPlayID)
	}
	return plays.PlayUUID(p, i)
}

// planImport sorts the plays: each of the seven games joins the table of
// its game, day and players (in seat order; names matched to the
// league's members whatever their case); a play of any other game
// becomes that game's score sheet ("another game") on the table of its
// name, day and players; everything else is left out with the reason,
// in the reader's language.
func planImport(c echo.Context, l sessions.League, format plays.Format, ps []plays.Play, have map[string]bool) importPlan {
	var plan importPlan
	byKey := map[string]int{}
	for i, p := range ps {
		skip := func(reason scoring.Phrase) {
			day := ""
			if !p.Played.IsZero() {
				day = p.Played.Format(time.DateOnly)
			}
			plan.skipped = append(plan.skipped, views.PlaysSkip{Number: i + 1, Game: playGames.Title(p.Game), Day: day, Reason: reason})
		}
		id := playIdentity(format, p, i)
		m := playGames.Classify(p)
		switch {
		case m.Kind == plays.Skipped:
			skip(scoring.Phrasef(m.Format, m.Args...))
			continue
		case have[id] || have[plays.PlayUUID(p, i)]:
			skip(scoring.Phrasef("already in this league"))
			continue
		}
		p = p.WithRanks()
		seatOrder(p.Players)
		comments, eveningNote := sessions.SplitEveningNote(withoutMark(p.Comments))
		g := sessions.GameImported{Source: string(format), Play: id, Played: p.Played.Format(sessions.PlayedLayout),
			Minutes: p.Minutes, Location: p.Location, Comments: comments}
		var names []string
		for _, pl := range p.Players {
			name := memberName(l, pl.Name)
			names = append(names, name)
			g.Players = append(g.Players, sessions.ImportedScore{Name: name, Score: *pl.Score, Winner: pl.Winner, Start: pl.StartPlayer})
		}
		slug, sheet := m.Slug, ""
		if m.Kind == plays.AnotherGame {
			state, refused := importedSheet(p.Game, g.Players)
			if !refused.IsZero() {
				skip(refused)
				continue
			}
			g.Game, g.BGGID, g.State = playGames.Title(p.Game), p.Game.BGGID, state
			slug = games.Another().Engine.Info().Slug
			sheet, _ = games.Another().Engine.(scoring.Sheet).SheetOf(state)
		}
		day := p.Played.Format(time.DateOnly)
		key := sessions.KindOf(slug, sheet) + "\x00" + day + "\x00" + strings.Join(names, "\x00")
		n, ok := byKey[key]
		if !ok {
			n = len(plan.groups)
			byKey[key] = n
			name := SourceName(format) + " " + day
			if sheet != "" {
				name = sheet + ", " + name
				if len([]rune(name)) > sessions.MaxTableNameLen {
					name = sheet + ", " + day // a sheet's name is short enough for this
				}
			}
			plan.groups = append(plan.groups, sessions.ImportGroup{Game: slug, Name: name, Players: names})
		}
		plan.groups[n].Games = append(plan.groups[n].Games, g)
		if plan.groups[n].EveningNote == "" {
			plan.groups[n].EveningNote = eveningNote // the evening's note, read back once
		}
		plan.groups[n].Plays = append(plan.groups[n].Plays, i)
		have[id] = true // the same play twice in one file counts once
	}
	for i := range plan.groups {
		gr := &plan.groups[i]
		slices.SortStableFunc(gr.Games, func(a, b sessions.GameImported) int { return strings.Compare(a.Played, b.Played) })
	}
	return plan
}

// groupTitle is the game of an import's table as a page names it: one of
// the seven by its title, another game by its sheet's name.
func groupTitle(gr sessions.ImportGroup) string {
	if another := games.Another().Engine; gr.Game == another.Info().Slug {
		name, _ := another.(scoring.Sheet).SheetOf(gr.Games[0].State)
		return name
	}
	info, _ := playGames.KnownGame(gr.Game)
	return info.Name
}

// importedSheet is a play of another game as its score sheet: named as
// the file names the game (cut to a sheet's length), won as the file
// says, each player's score a final score. A play the sheet cannot take
// (too many players, a score out of its bounds) gives the reason why, in
// the reader's language, instead.
func importedSheet(game plays.Game, players []sessions.ImportedScore) (json.RawMessage, scoring.Phrase) {
	info := games.Another().Engine.Info()
	if len(players) > info.MaxPlayers {
		return nil, scoring.Phrasef("a score sheet takes %d players at most; this play has %d", info.MaxPlayers, len(players))
	}
	finals := make([]scoring.FinalScore, len(players))
	for i, p := range players {
		finals[i] = scoring.FinalScore{Name: p.Name, Score: p.Score}
	}
	state, err := games.Another().Engine.(scoring.Sheet).FinalSheet(playGames.Title(game), game.LowestWins, finals)
	if err == nil {
		_, err = games.Another().Engine.Check(state)
	}
	var in *scoring.InputError
	switch {
	case errors.As(err, &in):
		return nil, scoring.Phrasef("a score sheet cannot take it: %s", in.Phrase)
	case err != nil:
		return nil, scoring.Verbatim(err.Error())
	}
	return state, scoring.Phrase{}
}

// memberName is name as the league's members spell it, when one of them
// has it in another case; else name itself.
func memberName(l sessions.League, name string) string {
	for _, m := range l.Members {
		if strings.EqualFold(m.Name, name) {
			return m.Name
		}
	}
	return name
}

// withoutMark takes the mark an export adds out of a play's comments.
func withoutMark(comments string) string {
	return strings.TrimSpace(strings.ReplaceAll(comments, ImportedMark, ""))
}
