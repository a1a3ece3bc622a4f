// Package stats computes what a league knows about each of its members
// from the engines' results: games played and won per game, win rate,
// average and best score, winning streaks, favourite game, rival and
// nemesis, head-to-head records, placings over time and an OpenSkill
// rating. It is pure: a league's games in, numbers out. The web layer
// fills the input from sessions (finished, valid games only, names mapped
// to members) and draws the numbers.
//
// Places follow the engines: the players the engine named as winners
// share first place (ruling G-2: ties all win, a tie-break already
// applied), and everyone else is placed behind them by score, equal
// scores sharing a place (league.Places), the fewest points first where
// the fewest win. So 1, 2, 2, 4 and, with two winners, 1, 1, 3.
package stats

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"tablemate/sessions/league"
)

// Player is one seat of a finished game as the engine scored it.
type Player struct {
	Name   string // as written at the table; Input.Canonical maps it to a member
	Score  int    // the engine's total
	Winner bool   // the engine named this player a winner
	// Place, when every player of the game has one, is the player's
	// place as the game's table placed it (sessions.GameRecord), used
	// instead of Places.
	Place int
}

// Game is one finished game of the league, as the game it was (an
// evening's games differ).
type Game struct {
	Game string // the game's slug ("cambio")
	// Sheet is the name the table gave another game's sheet ("Golf");
	// "" for a game with rules.
	Sheet      string
	LowestWins bool // the fewest points win (Cambio, Kodiak, a sheet that says so)
	When       time.Time
	Table      string // the table's name, for labels
	Players    []Player
	// Minutes is how long the game took (sessions.Length: pauses over
	// 30 minutes or the clock's pauses left out); 0 when not known.
	Minutes int
}

// Input is a league's history: its members and its games in the order
// they were played (the order decides streaks and the placings series).
type Input struct {
	// Members are the league's people (their canonical names); members
	// with no games get an empty profile. Names found only in games are
	// added after them, in the order they first appear.
	Members []string
	// Canonical maps a name as written at a table to the member it counts
	// as (the league's merges, sessions.League.Canonical); nil keeps names.
	// Names match members case-insensitively, as the league does.
	Canonical func(string) string
	Games     []Game
}

// Places returns each player's place (1 = best): the engine's winners
// share first, the others follow by score with ties sharing the best place
// they cover. With no winner named, scores alone decide.
func Places(players []Player, lowestWins bool) []int {
	if len(players) > 0 && !slices.ContainsFunc(players, func(p Player) bool { return p.Place < 1 }) {
		out := make([]int, len(players))
		for i, p := range players {
			out[i] = p.Place
		}
		return out
	}
	winners := 0
	rest := league.Result{Totals: make(map[string]int, len(players)), LowestWins: lowestWins}
	for i, p := range players {
		if p.Winner {
			winners++
		} else {
			rest.Totals[strconv.Itoa(i)] = p.Score // by seat: names may repeat
		}
	}
	behind := league.Places(rest)
	out := make([]int, len(players))
	for i, p := range players {
		if p.Winner {
			out[i] = 1
		} else {
			out[i] = winners + behind[strconv.Itoa(i)]
		}
	}
	return out
}

// GameStats is a member's record at one game: of one slug, one sheet
// name (whatever its case; as first written) and one way of winning.
type GameStats struct {
	Game       string // slug
	Sheet      string // another game's sheet: the name the table gave it
	LowestWins bool
	Played     int
	Won        int
	WinRate    float64 // Won / Played
	Average    float64 // mean score
	Best       int     // highest score, or lowest where the fewest win
	// last is the index of the latest game of this kind the member played.
	last int
}

// Record is a member's head-to-head against one other member, counted
// over the games both played: Ahead when the member placed better, Behind
// when worse, Level on a shared place.
type Record struct {
	Opponent             string
	Games                int
	Ahead, Behind, Level int
	// lastAhead and lastBehind are the indexes of the latest game the
	// member placed ahead of, or behind, the opponent (−1: never).
	lastAhead, lastBehind int
}

// Opponent names a rival or a nemesis; Name is "" when there is none.
type Opponent struct {
	Name  string
	Times int // games the member beat the rival, or lost to the nemesis
	Games int // games they both played
}

// Placing is one point of a member's placings over time.
type Placing struct {
	Index   int // the game's position in Input.Games
	Game    string
	Sheet   string
	When    time.Time
	Table   string
	Place   int
	Players int
	Won     bool
	// Beaten is the share of the other players placed behind the member
	// (1 alone or ahead of all, 0 behind all): comparable across tables of
	// different sizes, for a chart.
	Beaten float64
	Score  int
}

// Profile is everything the member page shows about one member.
type Profile struct {
	Member        string
	Played, Won   int
	WinRate       float64     // Won / Played, 0 without games
	Games         []GameStats // per game, favourite first (see Favourite)
	Favourite     string      // slug of the most played game ("" without games; Games[0] is it)
	CurrentStreak int         // wins in a row up to the member's latest game
	LongestStreak int         // the most wins in a row
	// Rival is the member this one placed ahead of most often; Nemesis
	// the member who placed ahead of this one most often. Ties go to the
	// one beaten (or lost to) most recently, then the first by name.
	Rival, Nemesis Opponent
	HeadToHead     []Record // against every other member, in member order
	Placings       []Placing
	// AverageMinutes is the average length of the member's games whose
	// length is known, rounded to the minute; Timed is how many those
	// are (0: no length known, and no average).
	AverageMinutes, Timed int
}

// Report holds every member's profile, in member order.
type Report struct {
	Members []Profile
}

// Member returns the profile of name (matched case-insensitively).
func (r Report) Member(name string) (Profile, bool) {
	for _, p := range r.Members {
		if strings.EqualFold(p.Member, name) {
			return p, true
		}
	}
	return Profile{}, false
}

// seat is one member's entry in a game, after merges.
type seat struct {
	member, place, score int
	winner               bool
}

// roster maps names to member indexes, case-insensitively.
type roster struct {
	names     []string
	exact     map[string]int
	canonical func(string) string
}

func newRoster(in Input) *roster {
	r := &roster{exact: map[string]int{}, canonical: in.Canonical}
	for _, m := range in.Members {
		r.index(m)
	}
	return r
}

// index returns the member a name counts as, adding it when new.
func (r *roster) index(name string) int {
	if r.canonical != nil {
		name = r.canonical(name)
	}
	if i, ok := r.exact[name]; ok {
		return i
	}
	i := slices.IndexFunc(r.names, func(n string) bool { return strings.EqualFold(n, name) })
	if i < 0 {
		i = len(r.names)
		r.names = append(r.names, name)
	}
	r.exact[name] = i
	return i
}

// seats places a game's players and maps them to members. A member seated
// twice in one game (two names merged later) counts once, with the better
// of the two places.
func (r *roster) seats(g Game) []seat {
	places := Places(g.Players, g.LowestWins)
	out := make([]seat, 0, len(g.Players))
	for i, p := range g.Players {
		s := seat{member: r.index(p.Name), place: places[i], score: p.Score, winner: places[i] == 1}
		if j := slices.IndexFunc(out, func(o seat) bool { return o.member == s.member }); j >= 0 {
			if s.place < out[j].place {
				out[j] = s
			}
			continue
		}
		out = append(out, s)
	}
	return out
}

// kind is what a member's record per game is kept by: a sheet's game
// is its name, and a best score means something only when every game
// counted is won the same way.
type kind struct {
	game, sheet string
	lowestWins  bool
}

func kindOf(g Game) kind {
	return kind{g.Game, strings.ToLower(g.Sheet), g.LowestWins}
}

// Compute builds every member's profile.
func Compute(in Input) Report {
	r := newRoster(in)
	games := make([][]seat, len(in.Games))
	for i, g := range in.Games {
		games[i] = r.seats(g) // first, so every member is known below
	}
	n := len(r.names)
	profiles := make([]Profile, n)
	streak := make([]int, n)
	perGame := make([]map[kind]*GameStats, n)
	minutes := make([]int, n)
	h2h := make([][]Record, n)
	for m := range n {
		profiles[m].Member = r.names[m]
		perGame[m] = map[kind]*GameStats{}
		h2h[m] = make([]Record, n)
		for o := range n {
			h2h[m][o] = Record{Opponent: r.names[o], lastAhead: -1, lastBehind: -1}
		}
	}
	for gi, seats := range games {
		g := in.Games[gi]
		for _, s := range seats {
			p := &profiles[s.member]
			p.Played++
			if g.Minutes > 0 {
				p.Timed++
				minutes[s.member] += g.Minutes
			}
			if s.winner {
				p.Won++
				streak[s.member]++
				p.LongestStreak = max(p.LongestStreak, streak[s.member])
			} else {
				streak[s.member] = 0
			}
			gs := perGame[s.member][kindOf(g)]
			if gs == nil {
				gs = &GameStats{Game: g.Game, Sheet: g.Sheet, LowestWins: g.LowestWins, Best: s.score}
				perGame[s.member][kindOf(g)] = gs
			}
			gs.Played++
			if s.winner {
				gs.Won++
			}
			gs.Average += float64(s.score) // a sum until the end
			if gs.LowestWins && s.score < gs.Best || !gs.LowestWins && s.score > gs.Best {
				gs.Best = s.score
			}
			gs.last = gi
			behind := 0
			for _, o := range seats {
				if o.member == s.member {
					continue
				}
				rec := &h2h[s.member][o.member]
				rec.Games++
				switch {
				case s.place < o.place:
					rec.Ahead++
					rec.lastAhead = gi
					behind++
				case s.place > o.place:
					rec.Behind++
					rec.lastBehind = gi
				default:
					rec.Level++
				}
			}
			beaten := 1.0
			if len(seats) > 1 {
				beaten = float64(behind) / float64(len(seats)-1)
			}
			p.Placings = append(p.Placings, Placing{
				Index: gi, Game: g.Game, Sheet: g.Sheet, When: g.When, Table: g.Table,
				Place: s.place, Players: len(seats), Won: s.winner, Beaten: beaten, Score: s.score,
			})
		}
	}
	for m := range n {
		p := &profiles[m]
		p.CurrentStreak = streak[m]
		if p.Played > 0 {
			p.WinRate = float64(p.Won) / float64(p.Played)
		}
		p.AverageMinutes = AverageMinutes(minutes[m], p.Timed)
		for _, gs := range perGame[m] {
			gs.WinRate = float64(gs.Won) / float64(gs.Played)
			gs.Average /= float64(gs.Played)
			p.Games = append(p.Games, *gs)
		}
		// Favourite: the most played game; on a tie, the one played most
		// recently (each game's latest index differs, so this decides).
		slices.SortFunc(p.Games, func(a, b GameStats) int {
			return cmp.Or(cmp.Compare(b.Played, a.Played), cmp.Compare(b.last, a.last))
		})
		if len(p.Games) > 0 {
			p.Favourite = p.Games[0].Game
		}
		for o := range n {
			if o != m {
				p.HeadToHead = append(p.HeadToHead, h2h[m][o])
			}
		}
		p.Rival = pick(p.HeadToHead, func(r Record) (int, int) { return r.Ahead, r.lastAhead })
		p.Nemesis = pick(p.HeadToHead, func(r Record) (int, int) { return r.Behind, r.lastBehind })
	}
	return Report{Members: profiles}
}

// pick finds the opponent with the highest count (more than zero); ties go
// to the latest game that counted, then to the first name in byte order.
func pick(records []Record, count func(Record) (times, last int)) Opponent {
	var best Opponent
	bestLast := -1
	for _, r := range records {
		times, last := count(r)
		if times == 0 {
			continue
		}
		if best.Name == "" || times > best.Times ||
			times == best.Times && (last > bestLast || last == bestLast && r.Opponent < best.Name) {
			best, bestLast = Opponent{Name: r.Opponent, Times: times, Games: r.Games}, last
		}
	}
	return best
}

// AverageMinutes is total minutes over n games, rounded half up to the
// minute; 0 when n is 0.
func AverageMinutes(total, n int) int {
	if n <= 0 {
		return 0
	}
	return (2*total + n) / (2 * n)
}

// Percent writes a rate (0–1) as a whole percentage, rounded half up.
func Percent(rate float64) int { return int(math.Floor(rate*100 + 0.5)) }
