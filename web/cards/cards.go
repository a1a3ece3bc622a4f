package cards

import (
	"container/list"
	"context"
	"hash/fnv"
	"net/http"
	"strconv"
	"sync"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/views/card"
	"tablemate/views/i18n"
	"tablemate/web/games"
	"tablemate/web/tablepage"
)

// Result cards: the 1200×630 PNG of a finished game or of a table's
// evening, and of a league's standings. They are served behind the
// view-only and public links only (/v/{view}/card.png,
// /v/{view}/games/{n}/card.png, /leagues/{id}/card.png) and are those
// pages' link preview (og:image); no edit or admin page names one, and a
// card holds names, scores and titles, never a link.

// cardCacheBytes bounds the PNGs kept in memory (a card is 50–60 KB).
const cardCacheBytes = 16 << 20

// cardCache keeps drawn cards by what they show: the table's internal key
// and head (its version), the language and which card. The least
// recently used go first once the bytes pass the bound.
type cardCache struct {
	mu    sync.Mutex
	byKey map[string]*list.Element // of cardEntry
	lru   list.List
	bytes int
	max   int
}

type cardEntry struct {
	key string
	png []byte
}

func newCardCache(max int) *cardCache {
	return &cardCache{byKey: map[string]*list.Element{}, max: max}
}

func (c *cardCache) get(key string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.byKey[key]
	if !ok {
		return nil, false
	}
	c.lru.MoveToFront(el)
	return el.Value.(cardEntry).png, true
}

func (c *cardCache) put(key string, png []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byKey[key]; ok || len(png) > c.max {
		return
	}
	c.byKey[key] = c.lru.PushFront(cardEntry{key, png})
	c.bytes += len(png)
	for c.bytes > c.max {
		el := c.lru.Back()
		c.lru.Remove(el)
		old := el.Value.(cardEntry)
		delete(c.byKey, old.key)
		c.bytes -= len(old.png)
	}
}

// size is the bytes and cards kept (for tests).
func (c *cardCache) size() (bytes, cards int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes, c.lru.Len()
}

// cardPNG answers a card: from the cache, or drawn by draw and kept.
func (a *Area) cardPNG(c echo.Context, key string, draw func(context.Context) ([]byte, error)) error {
	ctx := c.Request().Context()
	key += "|" + i18n.Code(i18n.Lang(ctx))
	body, ok := a.cards.get(key)
	if !ok {
		var err error
		if body, err = draw(ctx); err != nil {
			return err
		}
		a.cards.put(key, body)
	}
	return c.Blob(http.StatusOK, "image/png", body)
}

// Finished are the games of t that are over (a game of rounds still
// being played is not, nor one kept unfinished), in order: the games an
// evening's card shows.
func Finished(t sessions.Table) []sessions.Game {
	var out []sessions.Game
	for _, g := range t.Games.All() {
		if g.Record.Over {
			out = append(out, g)
		}
	}
	return out
}

// GameCard is one finished game's card, from its record: its places and
// winners as the table has them (a disputed game crowns nobody).
func (a *Area) GameCard(t sessions.Table, g sessions.Game) card.Result {
	r := g.Record
	out := card.Result{Game: a.handed.GameName(g), LowestWins: r.LowestWins, Checked: !r.Disputed(), Settled: r.Settled,
		Unchecked: r.AsTyped(), Table: t.Name, Number: r.Number}
	for _, s := range r.Seats {
		out.Players = append(out.Players, card.Player{Name: s.Name, Score: s.Score, Winner: s.Won, Place: s.Place})
	}
	if e, ok := t.Entry(g.Seq); ok {
		out.Played = e.At
	}
	return out
}

// EveningCard is the card of all the table's finished games: the
// evening's own standing (sessions.Table.Evening), its points as the
// page shows them (a half where a tie shared places).
func (a *Area) EveningCard(ctx context.Context, t sessions.Table, games []sessions.Game) card.Evening {
	e := card.Evening{Table: t.Name}
	if last, ok := t.Entry(games[len(games)-1].Seq); ok {
		e.Played = last.At
	}
	for _, g := range games {
		r := g.Record
		e.Games = append(e.Games, card.EveningGame{Game: a.handed.GameName(g), Winners: r.Winners, Checked: !r.Disputed(), Settled: r.Settled, Unchecked: r.AsTyped()})
	}
	for _, r := range tablepage.Evening(t).Rows {
		e.Standing = append(e.Standing, card.Row{Name: r.Name, Standing: r.Points, ByStanding: true, Wins: r.Wins, Place: r.Rank})
	}
	return e
}

// ViewCard is the card of the table's evening behind its view-only
// link: 404 until a game is finished.
func (a *Area) ViewCard(c echo.Context) error {
	v, err := tablepage.OpenView(a.Kit, c)
	if err != nil {
		return err
	}
	games := Finished(v.Table)
	if len(games) == 0 {
		return echo.ErrNotFound
	}
	return a.cardPNG(c, v.Key+"|"+strconv.Itoa(v.Head)+"|evening", a.EveningCard(c.Request().Context(), v.Table, games).PNG)
}

// ViewGameCard is one finished game's card behind the view-only link.
func (a *Area) ViewGameCard(c echo.Context) error {
	v, g, err := tablepage.OpenViewGame(a.Kit, c)
	if err != nil {
		return err
	}
	if !g.Record.Over { // not finished (a round game going on, a game kept unfinished): no card
		return echo.ErrNotFound
	}
	return a.cardPNG(c, v.Key+"|"+strconv.Itoa(v.Head)+"|game"+strconv.Itoa(g.Number), a.GameCard(v.Table, g).PNG)
}

// LeagueCard is the card of a league's standings behind its public id:
// the stats sessions keeps per version of the league, which the league's
// pages show (web/leagues' Stats and Key).
func (a *Area) LeagueCard(c echo.Context) error {
	l, err := a.League(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	key, err := a.Tables.LeagueStatsKey(ctx, l)
	if err != nil {
		return err
	}
	st, err := a.Tables.LeagueStats(ctx, l)
	if err != nil {
		return err
	}
	if st.Games == 0 {
		return echo.ErrNotFound
	}
	// The league's card counts its games instead of listing them.
	e := card.Evening{Title: l.Name, Scheme: a.handed.Scheme(l), Count: st.Games}
	for _, s := range st.Standings {
		e.Standing = append(e.Standing, card.Row{Name: s.Player, Standing: s.Points, ByStanding: true, Wins: s.Wins, Place: s.Rank})
	}
	return a.cardPNG(c, "league|"+l.ID+"|"+key, e.PNG)
}

// ViewPreview is the link preview of a table's view-only page: its
// evening card (nothing before a game is finished) and who leads, as the
// evening's standing has it.
func (a *Area) ViewPreview(c echo.Context, v tablepage.View) views.Preview {
	if len(Finished(v.Table)) == 0 {
		return views.Preview{}
	}
	origin := a.handed.Origin(c.Request())
	title := scoring.Verbatim(v.Name)
	if v.Name == "" {
		title = games.PlayingPhrase(v.Table)
	}
	return views.Preview{
		Title: title, URL: origin + v.Base(),
		Description: previewLine(v.Table),
		Image:       origin + v.Base() + "/card.png?v=" + strconv.Itoa(v.Head),
	}
}

// GamePreview is the link preview of one game's view-only page.
func (a *Area) GamePreview(c echo.Context, v tablepage.View, g sessions.Game) views.Preview {
	r := g.Record
	if !r.Over {
		return views.Preview{}
	}
	origin := a.handed.Origin(c.Request())
	n := strconv.Itoa(g.Number)
	var desc scoring.Phrase
	switch {
	case r.Disputed():
		desc = scoring.Phrasef("Disputed — not counted.")
	case r.Settled:
		desc = scoring.Phrasef("%s won. Counted as entered, rules broken.", r.Winners)
	case r.AsTyped():
		desc = scoring.Phrasef("%s won. Scores as typed, not checked by the rules.", r.Winners)
	default:
		desc = scoring.Phrasef("%s won. Checked by the rules.", r.Winners)
	}
	return views.Preview{
		Title: scoring.Phrasef("%[1]s, game %[2]d", games.KindPhrase(g.Record.Game, g.Record.Sheet), g.Number), URL: origin + v.Base() + "/games/" + n,
		Description: desc,
		Image:       origin + v.Base() + "/games/" + n + "/card.png?v=" + strconv.Itoa(v.Head),
	}
}

// previewLine says who leads the evening's standing after how many
// counted games, and of which game or by places: "Skat after 3 games:
// Ana leads." or "The evening after 4 games, by places: Cy leads."
func previewLine(t sessions.Table) scoring.Phrase {
	ev := tablepage.Evening(t)
	if len(ev.Rows) == 0 {
		return scoring.Phrasef("No game counts yet.")
	}
	leaders := t.Leaders()
	line := scoring.List{Sep: " "}
	if ev.Mode == sessions.EveningSum {
		line.Items = append(line.Items, scoring.Count(ev.Done, "%[1]s after 1 game: %[2]s leads.", "%[2]s after %[1]d games: %[3]s leads.", games.KindPhrase(ev.Kind.Slug, ev.Sheet), leaders))
	} else {
		line.Items = append(line.Items, scoring.Count(ev.Done, "The evening after 1 game, by places: %s leads.", "The evening after %d games, by places: %s leads.", leaders))
	}
	if ev.Disputed > 0 {
		line.Items = append(line.Items, scoring.Count(ev.Disputed, "1 disputed game is not counted.", "%d disputed games are not counted."))
	}
	return scoring.Phrasef("%s", line)
}

// LeaguePreview is the link preview of a league's public page (handed
// to web/leagues). version names the league's state in the card's URL,
// so a preview made before a change is not reused after it.
func (a *Area) LeaguePreview(c echo.Context, l sessions.League, vm views.LeagueView, key string) views.Preview {
	h := fnv.New64a()
	h.Write([]byte(key))
	version := strconv.FormatUint(h.Sum64(), 36)
	if vm.Games == 0 || len(vm.Standings) == 0 {
		return views.Preview{}
	}
	origin := a.handed.Origin(c.Request())
	var top []string
	for _, r := range vm.Standings {
		if r.Rank == 1 {
			top = append(top, r.Player)
		}
	}
	return views.Preview{
		Title: scoring.Verbatim(l.Name), URL: origin + vm.PublicPath,
		Description: scoring.Count(vm.Games, "Standings after 1 game: %s first.", "Standings after %[1]d games: %[2]s first.", top),
		Image:       origin + vm.PublicPath + "/card.png?v=" + version,
	}
}
