package plays

import (
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"tablemate/scoring"
	"tablemate/sessions/internal/jsonspace"
)

// BG Stats play files. The app (bgstatsapp.com) shares plays as a
// ".bgsplay" file and backs everything up as BGStatsExport.json; both are
// one JSON object of lists that refer to each other by number:
//
//	players[]   {id, uuid, name, isAnonymous, bggUsername, modificationDate}
//	locations[] {id, uuid, name, modificationDate}
//	games[]     {id, uuid, name, bggName, bggYear, bggId, highestWins,
//	             noPoints, cooperative, usesTeams, isBaseGame, isExpansion, …}
//	plays[]     {uuid, playDate "2024-05-11 20:15:00", entryDate,
//	             modificationDate, durationMin, gameRefId, locationRefId,
//	             bggId (BoardGameGeek's id of the PLAY once synced), ignored,
//	             usesTeams, manualWinner, rounds, board, scoringSetting,
//	             comments, expansionPlays[], playerScores[]}
//	playerScores[] {playerRefId, score "22" (text), winner, rank, seatOrder,
//	             startPlayer, newPlayer, role, team}
//	userInfo    {meRefId}
//
// docs/interop.md has the full mapping to Play and the sources it was
// taken from. Two things matter for writing a file BG Stats imports: its
// Android app reads fields with org.json's strict getters, so a field it
// expects and does not find fails the whole import ("No value for
// startPlayer", lindsaykwardell/clocktracker#299) — the writer writes every
// field BG Stats' own exports carry; and it recognises objects by uuid, so
// the writer derives stable uuids (same play, same uuid) to make a second
// import of the same plays update rather than double them.

// BGStatsOptions are the choices of a BG Stats export.
type BGStatsOptions struct {
	// Now stamps modificationDate and entryDate (BG Stats keeps the newer
	// of two copies of an object). Zero: each play's own date.
	Now time.Time
	// Me names the player who is the file's owner (userInfo.meRefId); BG
	// Stats matches that player to the person importing. Empty: nobody.
	Me string
}

// bgsTime is how BG Stats writes dates and times.
const bgsTime = "2006-01-02 15:04:05"

// dateLayouts are the forms of playDate the reader accepts: BG Stats'
// own, ISO 8601 as other tools write it, and a bare day.
var dateLayouts = []string{"2006-01-02 15:04:05.999999999", "2006-01-02T15:04:05.999999999", "2006-01-02 15:04", "2006-01-02T15:04", time.RFC3339Nano, "2006-01-02"}

// uuid v5 (RFC 9562) in Tablemate's own namespace, itself the v5 uuid of
// "tablemate" in the DNS namespace.
var (
	nsDNS       = [16]byte{0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8}
	nsTablemate = uuidV5(nsDNS, "tablemate")
)

func uuidV5(ns [16]byte, name string) [16]byte {
	h := sha1.New()
	h.Write(ns[:])
	h.Write([]byte(name))
	var u [16]byte
	copy(u[:], h.Sum(nil))
	u[6] = u[6]&0x0f | 0x50
	u[8] = u[8]&0x3f | 0x80
	return u
}

func uuidOf(name string) string {
	u := uuidV5(nsTablemate, name)
	h := hex.EncodeToString(u[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i, r := range s {
		switch {
		case i == 8 || i == 13 || i == 18 || i == 23:
			if r != '-' {
				return false
			}
		case !strings.ContainsRune("0123456789abcdefABCDEF", r):
			return false
		}
	}
	return true
}

// PlayUUID is the uuid the BG Stats writer gives plays[i]: its ID when
// that is a uuid already (a play read from BG Stats), else a uuid derived
// from its ID, else from its BoardGameGeek play id, else from what the
// play holds and its place in the file.
func PlayUUID(p Play, i int) string {
	switch {
	case isUUID(p.ID):
		return p.ID
	case p.ID != "":
		return uuidOf("play:" + p.ID)
	case p.BGGPlayID > 0:
		return uuidOf("bgg-play:" + strconv.Itoa(p.BGGPlayID))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "play#%d:%s:%s:%s", i, p.Game.Slug, p.Game.Name, p.Played.Format(bgsTime))
	for _, pl := range p.Players {
		fmt.Fprintf(&b, ":%s=%s", pl.Name, formatScore(pl))
	}
	return uuidOf(b.String())
}

// gameKey tells games apart in a file Tablemate writes: the seven by slug
// (plays of one of them share one entry, described as the first such play
// describes it), any other game by everything the file says of it, so two
// games are one entry only when they are described alike.
func gameKey(g Game) string {
	if g.Slug != "" {
		return "game:" + g.Slug
	}
	return fmt.Sprintf("game:%q:%q:%d:%t:%t:%t", g.Name, g.BGGName, g.BGGID, g.LowestWins, g.Cooperative, g.NoPoints)
}

// gameUUID is a game's uuid in the files Tablemate writes; the reader
// knows the seven again by theirs, whatever BG Stats calls them by then.
func gameUUID(g Game) string { return uuidOf(gameKey(g)) }

type bgsOut struct {
	About          string        `json:"about"`
	Players        []bgsPlayer   `json:"players"`
	Locations      []bgsLocation `json:"locations"`
	Games          []bgsGame     `json:"games"`
	Plays          []bgsPlay     `json:"plays"`
	Tags           []struct{}    `json:"tags"`
	Groups         []struct{}    `json:"groups"`
	Challenges     []struct{}    `json:"challenges"`
	DeletedObjects []struct{}    `json:"deletedObjects"`
	UserInfo       struct {
		MeRefID int `json:"meRefId"`
	} `json:"userInfo"`
}

type bgsPlayer struct {
	UUID             string `json:"uuid"`
	ID               int    `json:"id"`
	Name             string `json:"name"`
	IsAnonymous      bool   `json:"isAnonymous"`
	ModificationDate string `json:"modificationDate"`
	BGGUsername      string `json:"bggUsername"`
}

type bgsLocation struct {
	UUID             string `json:"uuid"`
	ID               int    `json:"id"`
	Name             string `json:"name"`
	ModificationDate string `json:"modificationDate"`
}

type bgsGame struct {
	UUID             string `json:"uuid"`
	ID               int    `json:"id"`
	Name             string `json:"name"`
	ModificationDate string `json:"modificationDate"`
	Cooperative      bool   `json:"cooperative"`
	HighestWins      bool   `json:"highestWins"`
	NoPoints         bool   `json:"noPoints"`
	UsesTeams        bool   `json:"usesTeams"`
	URLThumb         string `json:"urlThumb"`
	URLImage         string `json:"urlImage"`
	BGGName          string `json:"bggName"`
	BGGYear          int    `json:"bggYear"`
	BGGID            int    `json:"bggId"`
	Designers        string `json:"designers"`
	IsBaseGame       int    `json:"isBaseGame"`
	IsExpansion      int    `json:"isExpansion"`
	Rating           int    `json:"rating"`
	MinPlayerCount   int    `json:"minPlayerCount"`
	MaxPlayerCount   int    `json:"maxPlayerCount"`
	MinPlayTime      int    `json:"minPlayTime"`
	MaxPlayTime      int    `json:"maxPlayTime"`
	MinAge           int    `json:"minAge"`
}

type bgsPlay struct {
	UUID             string     `json:"uuid"`
	ModificationDate string     `json:"modificationDate"`
	EntryDate        string     `json:"entryDate"`
	PlayDate         string     `json:"playDate"`
	UsesTeams        bool       `json:"usesTeams"`
	DurationMin      int        `json:"durationMin"`
	Ignored          bool       `json:"ignored"`
	ManualWinner     bool       `json:"manualWinner"`
	Rounds           int        `json:"rounds"`
	BGGID            int        `json:"bggId"`
	ImportPlayID     int        `json:"importPlayId"`
	LocationRefID    int        `json:"locationRefId"`
	GameRefID        int        `json:"gameRefId"`
	Board            string     `json:"board"`
	Rating           int        `json:"rating"`
	NemestatsID      int        `json:"nemestatsId"`
	ScoringSetting   int        `json:"scoringSetting"`
	Comments         string     `json:"comments"`
	PlayerScores     []bgsScore `json:"playerScores"`
	ExpansionPlays   []struct{} `json:"expansionPlays"`
	PlayImages       string     `json:"playImages"`
	MetaData         struct{}   `json:"metaData"`
}

type bgsScore struct {
	Score       string `json:"score"`
	Winner      bool   `json:"winner"`
	NewPlayer   bool   `json:"newPlayer"`
	StartPlayer bool   `json:"startPlayer"`
	PlayerRefID int    `json:"playerRefId"`
	Role        string `json:"role"`
	Rank        int    `json:"rank"`
	SeatOrder   int    `json:"seatOrder"`
	Team        string `json:"team,omitempty"`
}

// WriteBGStats writes plays as a BG Stats play file (.bgsplay). Plays are
// checked first (Validate, and BG Stats' own needs: a date, one play per
// entry); nothing is written when one fails.
func (gs *Games) WriteBGStats(w io.Writer, plays []Play, opt BGStatsOptions) error {
	if err := gs.Validate(plays); err != nil {
		return err
	}
	for i, p := range plays {
		at := scoring.Index("plays", i)
		switch {
		case p.Played.IsZero():
			return scoring.Errorf(scoring.Join(at, "played"), "BG Stats needs the date a play was played")
		case p.Quantity > 1:
			return scoring.Errorf(scoring.Join(at, "quantity"), "BG Stats keeps one play per entry; this entry stands for %d", p.Quantity)
		}
		if k, ok := gs.KnownGame(p.Game.Slug); ok && p.Game.LowestWins != k.LowestWins {
			return scoring.Errorf(scoring.Join(at, "game.lowestWins"), "%s is won by the %s points", k.Name, map[bool]string{true: "fewest", false: "most"}[k.LowestWins])
		}
	}
	out := bgsOut{About: "Plays exported from Tablemate (BG Stats play file).", Players: []bgsPlayer{}, Locations: []bgsLocation{},
		Games: []bgsGame{}, Plays: []bgsPlay{}, Tags: []struct{}{}, Groups: []struct{}{}, Challenges: []struct{}{}, DeletedObjects: []struct{}{}}
	stamp := func(p Play) string {
		if !opt.Now.IsZero() {
			return opt.Now.Format(bgsTime)
		}
		return p.Played.Format(bgsTime)
	}
	playerIDs, locationIDs, gameIDs := map[string]int{}, map[string]int{}, map[string]int{}
	usernames := Usernames(plays)
	for i, p := range plays {
		when := stamp(p)
		g := p.Game
		if g.Slug != "" && g.Name == "" {
			g.Name = gs.Title(p.Game)
		}
		gid, ok := gameIDs[gameKey(g)]
		if !ok {
			gid = len(out.Games) + 1
			gameIDs[gameKey(g)] = gid
			gu := gameUUID(g)
			bg := bgsGame{UUID: gu, ID: gid, Name: g.Name, ModificationDate: when, Cooperative: g.Cooperative,
				HighestWins: !g.LowestWins, NoPoints: g.NoPoints, BGGName: g.BGGName, BGGID: g.BGGID, IsBaseGame: 1}
			if info, ok := gs.info(g.Slug); ok {
				bg.MinPlayerCount, bg.MaxPlayerCount = info.MinPlayers, info.MaxPlayers
			}
			out.Games = append(out.Games, bg)
		}
		lid := 0
		if p.Location != "" {
			if lid, ok = locationIDs[p.Location]; !ok {
				lid = len(out.Locations) + 1
				locationIDs[p.Location] = lid
				out.Locations = append(out.Locations, bgsLocation{UUID: uuidOf("location:" + p.Location), ID: lid, Name: p.Location, ModificationDate: when})
			}
		}
		bp := bgsPlay{UUID: PlayUUID(p, i), ModificationDate: when, EntryDate: when, PlayDate: p.Played.Format(bgsTime),
			UsesTeams: p.Teams, DurationMin: p.Minutes, Ignored: p.NoWinStats || p.Incomplete, ManualWinner: manualWinner(p),
			Rounds: p.Rounds, BGGID: p.BGGPlayID, LocationRefID: lid, GameRefID: gid, Board: p.Variant,
			Comments: lines(p.Comments), PlayerScores: []bgsScore{}, ExpansionPlays: []struct{}{}, PlayImages: "[]"}
		for _, pl := range p.Players {
			pid, ok := playerIDs[pl.Name]
			if !ok {
				pid = len(out.Players) + 1
				playerIDs[pl.Name] = pid
				out.Players = append(out.Players, bgsPlayer{UUID: uuidOf("player:" + pl.Name), ID: pid, Name: pl.Name,
					IsAnonymous: pl.Anonymous, ModificationDate: when, BGGUsername: usernames[pl.Name]})
			}
			bp.PlayerScores = append(bp.PlayerScores, bgsScore{Score: formatScore(pl), Winner: pl.Winner, NewPlayer: pl.New,
				StartPlayer: pl.StartPlayer, PlayerRefID: pid, Role: pl.Color, Rank: pl.Rank, SeatOrder: pl.Seat, Team: pl.Team})
		}
		out.Plays = append(out.Plays, bp)
	}
	out.UserInfo.MeRefID = playerIDs[opt.Me]
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// Usernames is the BoardGameGeek user name of each player name across
// plays: BG Stats keeps one per person, so the first one given counts.
func Usernames(plays []Play) map[string]string {
	m := map[string]string{}
	for _, p := range plays {
		for _, pl := range p.Players {
			if m[pl.Name] == "" {
				m[pl.Name] = pl.Username
			}
		}
	}
	return m
}

// lines writes every line break as "\n", as both formats read them back.
func lines(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

// manualWinner tells BG Stats not to work the winners out from the scores
// itself: set when the winners a play records are not simply those with
// the best score (a tie-break decided it, or a score is missing).
func manualWinner(p Play) bool {
	if len(p.Players) == 0 {
		return false
	}
	best := 0
	for i, pl := range p.Players {
		if pl.Score == nil {
			return slices.ContainsFunc(p.Players, func(pl Player) bool { return pl.Winner })
		}
		if i == 0 || p.Game.LowestWins && *pl.Score < best || !p.Game.LowestWins && *pl.Score > best {
			best = *pl.Score
		}
	}
	for _, pl := range p.Players {
		if pl.Winner != (*pl.Score == best) {
			return true
		}
	}
	return false
}

// ReadBGStats reads a BG Stats play file or backup. Lists may come in any
// order and hold fields this reader does not know; what it reads is
// checked strictly and an error names the field in the file
// ("plays[3].playerScores[1].playerRefId") and what was expected.
func (gs *Games) ReadBGStats(r io.Reader, l Limits) ([]Play, error) {
	l = l.orDefault()
	return gs.readBGStats(open(r, l), l)
}

func (gs *Games) readBGStats(r io.Reader, l Limits) ([]Play, error) {
	dec := json.NewDecoder(jsonspace.NewReader(r)) // linear on padded files
	tok, err := dec.Token()
	if err != nil {
		return nil, decodeError(err, l, "JSON")
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, scoring.Errorf("", "a BG Stats file is a JSON object with a list of plays")
	}
	lists := map[string][]jobj{}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, decodeError(err, l, "JSON")
		}
		key, _ := tok.(string)
		if seen[key] {
			return nil, scoring.Errorf(key, "appears twice in the file")
		}
		seen[key] = true
		max := l.MaxEntries
		switch key {
		case "plays":
			max = l.MaxPlays
			fallthrough
		case "players", "locations", "games":
			items, err := streamList(dec, key, max, l)
			if err != nil {
				return nil, err
			}
			lists[key] = items
		default:
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return nil, decodeError(err, l, "JSON")
			}
		}
	}
	if _, err := dec.Token(); err != nil {
		return nil, decodeError(err, l, "JSON")
	}
	if _, err := dec.Token(); err != io.EOF {
		if err != nil {
			return nil, decodeError(err, l, "JSON")
		}
		return nil, scoring.Errorf("", "the file holds more after its JSON object")
	}
	if !seen["plays"] {
		return nil, scoring.Errorf("plays", "this is not a BG Stats play file: it has no list of plays")
	}
	return gs.resolveBGStats(lists, l)
}

// streamList reads one list entry by entry, stopping at the limit.
func streamList(dec *json.Decoder, key string, max int, l Limits) ([]jobj, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, decodeError(err, l, "JSON")
	}
	if tok == nil {
		return nil, nil
	}
	if d, ok := tok.(json.Delim); !ok || d != '[' {
		return nil, scoring.Errorf(key, "must be a list")
	}
	var items []jobj
	for dec.More() {
		if len(items) == max {
			return nil, scoring.Errorf(key, "the file holds more than %d %s, the most Tablemate reads at once: export fewer into each file", max, key)
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, decodeError(err, l, "JSON")
		}
		o, err := newObj(raw, scoring.Index(key, len(items)))
		if err != nil {
			return nil, err
		}
		items = append(items, o)
	}
	if _, err := dec.Token(); err != nil {
		return nil, decodeError(err, l, "JSON")
	}
	return items, nil
}

// index finds a list's entries by id or uuid.
type index struct {
	list   string
	byID   map[int64]int
	byUUID map[string]int
}

func newIndex(list string, items []jobj) (index, []string, error) {
	ix := index{list: list, byID: map[int64]int{}, byUUID: map[string]int{}}
	uuids := make([]string, len(items))
	for i, o := range items {
		id, hasID, err := o.whole("id", -1<<53, 1<<53)
		if err != nil {
			return ix, nil, err
		}
		u, err := o.text("uuid", MaxID, false)
		if err != nil {
			return ix, nil, err
		}
		if !hasID && u == "" {
			return ix, nil, scoring.Errorf(o.at, "an entry needs an id or a uuid for plays to refer to it")
		}
		if hasID {
			if j, dup := ix.byID[id]; dup {
				return ix, nil, scoring.Errorf(o.path("id"), "%d is already the id of %s", id, scoring.Index(list, j))
			}
			ix.byID[id] = i
		}
		if u != "" {
			if j, dup := ix.byUUID[u]; dup {
				return ix, nil, scoring.Errorf(o.path("uuid"), "%q is already the uuid of %s", u, scoring.Index(list, j))
			}
			ix.byUUID[u] = i
		}
		uuids[i] = u
	}
	return ix, uuids, nil
}

func (ix index) find(o jobj, key string, required bool) (int, bool, error) {
	r, ok, err := o.ref(key)
	switch {
	case err != nil:
		return 0, false, err
	case !ok && required:
		return 0, false, scoring.Errorf(o.path(key), "is missing: each entry refers to one of the file's %s", ix.list)
	case !ok, !required && r.uuid == "" && r.id == 0: // 0 is "none" where a reference is optional
		return 0, false, nil
	}
	i, found := ix.byID[r.id]
	if r.uuid != "" {
		i, found = ix.byUUID[r.uuid]
	}
	if !found {
		what := strconv.FormatInt(r.id, 10)
		if r.uuid != "" {
			what = strconv.Quote(r.uuid)
		}
		return 0, false, scoring.Errorf(o.path(key), "refers to %s, which the file's %s do not hold", what, ix.list)
	}
	return i, true, nil
}

type bgsPerson struct {
	name, username string
	anonymous      bool
}

func (gs *Games) resolveBGStats(lists map[string][]jobj, l Limits) ([]Play, error) {
	pix, _, err := newIndex("players", lists["players"])
	if err != nil {
		return nil, err
	}
	people := make([]bgsPerson, len(lists["players"]))
	for i, o := range lists["players"] {
		var p bgsPerson
		if p.anonymous, _, err = o.flag("isAnonymous"); err != nil {
			return nil, err
		}
		if p.name, err = o.text("name", MaxText, false); err != nil {
			return nil, err
		}
		if p.username, err = o.text("bggUsername", MaxID, false); err != nil {
			return nil, err
		}
		if p.name == "" {
			if !p.anonymous {
				return nil, scoring.Errorf(o.path("name"), "a player needs a name")
			}
			p.name = "Anonymous"
		}
		people[i] = p
	}
	lix, _, err := newIndex("locations", lists["locations"])
	if err != nil {
		return nil, err
	}
	places := make([]string, len(lists["locations"]))
	for i, o := range lists["locations"] {
		if places[i], err = o.text("name", MaxText, false); err != nil {
			return nil, err
		}
	}
	gix, guuids, err := newIndex("games", lists["games"])
	if err != nil {
		return nil, err
	}
	titles := make([]Game, len(lists["games"]))
	teams := make([]bool, len(lists["games"]))
	for i, o := range lists["games"] {
		g, err := readGame(o)
		if err != nil {
			return nil, err
		}
		// Tablemate's uuid for one of the seven, still described as that
		// game is played (who wins, with points, each for themselves).
		if slug := gs.byUUID[guuids[i]]; slug != "" {
			if k, _ := gs.KnownGame(slug); k.LowestWins == g.LowestWins && !g.Cooperative && !g.NoPoints {
				g.Slug = slug
			}
		}
		titles[i] = g
		if teams[i], _, err = o.flag("usesTeams"); err != nil {
			return nil, err
		}
	}
	out := make([]Play, 0, len(lists["plays"]))
	for _, o := range lists["plays"] {
		p, err := readBGStatsPlay(o, l, pix, people, lix, places, gix, titles, teams)
		if err != nil {
			return nil, err
		}
		if err := p.check(gs, o.at); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

func readGame(o jobj) (Game, error) {
	var g Game
	var err error
	if g.Name, err = o.text("name", MaxText, false); err != nil {
		return g, err
	}
	if g.BGGName, err = o.text("bggName", MaxText, false); err != nil {
		return g, err
	}
	if g.Name == "" && g.BGGName == "" {
		return g, scoring.Errorf(o.path("name"), "a game needs a name")
	}
	if g.Name == "" {
		g.Name = g.BGGName
	}
	id, _, err := o.whole("bggId", 0, 1<<30)
	if err != nil {
		return g, err
	}
	g.BGGID = int(id)
	highest, set, err := o.flag("highestWins")
	if err != nil {
		return g, err
	}
	g.LowestWins = set && !highest
	if g.Cooperative, _, err = o.flag("cooperative"); err != nil {
		return g, err
	}
	if g.NoPoints, _, err = o.flag("noPoints"); err != nil {
		return g, err
	}
	return g, nil
}

func readBGStatsPlay(o jobj, l Limits, pix index, people []bgsPerson, lix index, places []string, gix index, titles []Game, teams []bool) (Play, error) {
	var p Play
	var err error
	if p.ID, err = o.text("uuid", MaxID, false); err != nil {
		return p, err
	}
	gi, _, err := gix.find(o, "gameRefId", true)
	if err != nil {
		return p, err
	}
	p.Game = titles[gi]
	if p.Played, err = readDate(o, "playDate"); err != nil {
		return p, err
	}
	if li, ok, err := lix.find(o, "locationRefId", false); err != nil {
		return p, err
	} else if ok {
		p.Location = places[li]
	}
	nums := []struct {
		key string
		max int64
		to  *int
	}{{"durationMin", MaxMinutes, &p.Minutes}, {"rounds", MaxRounds, &p.Rounds}, {"bggId", 1 << 40, &p.BGGPlayID}}
	for _, n := range nums {
		v, _, err := o.whole(n.key, 0, n.max)
		if err != nil {
			return p, err
		}
		*n.to = int(v)
	}
	if p.NoWinStats, _, err = o.flag("ignored"); err != nil {
		return p, err
	}
	teamsSet := false
	if p.Teams, teamsSet, err = o.flag("usesTeams"); err != nil {
		return p, err
	}
	if !teamsSet {
		p.Teams = teams[gi]
	}
	if p.Variant, err = o.text("board", MaxText, false); err != nil {
		return p, err
	}
	if p.Comments, err = o.text("comments", MaxComments, true); err != nil {
		return p, err
	}
	scores, err := o.list("playerScores", l.MaxPlayers, "players")
	if err != nil {
		return p, err
	}
	inPlay := map[int]int{}
	for j, raw := range scores {
		s, err := newObj(raw, scoring.Index(o.path("playerScores"), j))
		if err != nil {
			return p, err
		}
		pi, _, err := pix.find(s, "playerRefId", true)
		if err != nil {
			return p, err
		}
		who := people[pi]
		if _, twice := inPlay[pi]; twice && !who.anonymous {
			return p, scoring.Errorf(s.path("playerRefId"), "%s is named twice in this play", who.name)
		}
		inPlay[pi] = j
		pl, err := readScore(s)
		if err != nil {
			return p, err
		}
		pl.Name, pl.Username, pl.Anonymous = who.name, who.username, who.anonymous
		p.Players = append(p.Players, pl)
	}
	p.Players = distinctNames(p.Players)
	return p, nil
}

func readScore(s jobj) (Player, error) {
	var pl Player
	var err error
	if v, ok := s.get("score"); ok {
		text := string(v)
		switch v[0] {
		case '"':
			json.Unmarshal(v, &text) //nolint:errcheck // a valid JSON text
		case '[', '{', 't', 'f':
			return pl, scoring.Errorf(s.path("score"), "must be a number or a text, not %s", kindOf(v))
		}
		if pl.Score, pl.ScoreText = parseScore(text); pl.ScoreText != "" {
			if err := checkText(s.path("score"), pl.ScoreText, maxScoreLen, false); err != nil {
				return pl, err
			}
		}
	}
	for _, f := range []struct {
		key string
		to  *bool
	}{{"winner", &pl.Winner}, {"startPlayer", &pl.StartPlayer}, {"newPlayer", &pl.New}} {
		if *f.to, _, err = s.flag(f.key); err != nil {
			return pl, err
		}
	}
	for _, f := range []struct {
		key string
		to  *int
	}{{"rank", &pl.Rank}, {"seatOrder", &pl.Seat}} {
		v, _, err := s.whole(f.key, 0, maxOrder)
		if err != nil {
			return pl, err
		}
		*f.to = int(v)
	}
	if pl.Color, err = s.text("role", MaxText, false); err != nil {
		return pl, err
	}
	if pl.Team, err = s.text("team", MaxText, false); err != nil {
		return pl, err
	}
	return pl, nil
}

func readDate(o jobj, key string) (time.Time, error) {
	s, err := o.text(key, 40, false)
	if err != nil {
		return time.Time{}, err
	}
	if s == "" {
		return time.Time{}, scoring.Errorf(o.path(key), "is missing: a play needs the date it was played")
	}
	for _, layout := range dateLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			// The wall clock as written, whatever zone it names.
			return time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), 0, time.UTC), nil
		}
	}
	return time.Time{}, scoring.Errorf(o.path(key), "must be a date like \"2024-05-11 20:15:00\", not %q", s)
}

// distinctNames gives players who share a name within a play (BG Stats'
// anonymous player stands for every guest) distinct names: "Anonymous",
// "Anonymous (2)", …
func distinctNames(ps []Player) []Player {
	taken := make(map[string]bool, len(ps))
	for _, p := range ps {
		taken[p.Name] = true
	}
	seen := make(map[string]bool, len(ps))
	for i, p := range ps {
		if !seen[p.Name] {
			seen[p.Name] = true
			continue
		}
		for n := 2; ; n++ {
			name := fmt.Sprintf("%s (%d)", p.Name, n)
			if !taken[name] {
				taken[name], seen[name] = true, true
				ps[i].Name = name
				break
			}
		}
	}
	return ps
}
