package sessions

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
)

// TestGameListIsASlice builds versions of a GameList as tables do (games
// added, replaced and taken back, a version published and then built
// on, an older version clipped and built on as a caller's copy is) over
// several chunks, and holds every version, the newest and all before
// it, to a plain slice of what it should hold: a version never sees
// what one built after it changed.
func TestGameListIsASlice(t *testing.T) {
	rnd := rand.New(rand.NewPCG(33, 8))
	type version struct {
		list GameList
		want []Game
	}
	stamp := 0
	game := func(number int) Game {
		stamp++
		return Game{Number: number, Seq: stamp}
	}
	check := func(run, step, k int, v version) {
		t.Helper()
		got := v.list.Slice(0, v.list.Len())
		if !slices.Equal(stamps(got), stamps(v.want)) {
			t.Fatalf("run %d, step %d: version %d holds %v, want %v", run, step, k, stamps(got), stamps(v.want))
		}
		var all, back, between []Game
		for i, g := range v.list.All() {
			if g.Seq != v.list.At(i).Seq {
				t.Fatalf("run %d, step %d: All gives %d at %d, At %d", run, step, g.Seq, i, v.list.At(i).Seq)
			}
			all = append(all, g)
		}
		for _, g := range v.list.Backward() {
			back = append(back, g)
		}
		slices.Reverse(back)
		from, to := len(v.want)/3, len(v.want)-len(v.want)/4
		for _, g := range v.list.Between(from, to) {
			between = append(between, g)
		}
		last, ok := v.list.Last()
		if !slices.Equal(stamps(all), stamps(v.want)) || !slices.Equal(stamps(back), stamps(v.want)) ||
			!slices.Equal(stamps(between), stamps(v.want[from:to])) || ok != (len(v.want) > 0) || ok && last.Seq != v.want[len(v.want)-1].Seq {
			t.Fatalf("run %d, step %d: version %d reads otherwise than it holds", run, step, k)
		}
	}
	most := 0
	for run := range 3 {
		var versions []version
		var cur GameList
		var want []Game
		own := false // as Table.ownGames: the tail is this build's own
		for step := range 500 {
			// A build: a few events applied to the newest version (some
			// builds take many back: a catch-up over several undos).
			ops, undos := 1+rnd.IntN(4), 3
			if rnd.IntN(10) == 0 {
				ops, undos = 4+rnd.IntN(12), 12
			}
			for range ops {
				switch r := rnd.IntN(20 + undos); {
				case r < 15 || len(want) == 0: // a game added
					g := game(len(want) + 1)
					cur.append(g)
					want = append(slices.Clip(want), g)
				case r < 19: // a game replaced (mostly the newest)
					i := len(want) - 1
					if rnd.IntN(3) == 0 {
						i = rnd.IntN(len(want))
					}
					g := game(i + 1)
					own = cur.put(i, g, own, false)
					want = slices.Clone(want)
					want[i] = g
				default: // the newest taken back
					if !cur.dropLast() {
						own = false
					}
					want = slices.Clip(want[:len(want)-1])
				}
			}
			// Published: others may read it from now on.
			versions = append(versions, version{cur, want})
			own = false
			most = max(most, cur.Len())
			if len(versions) > 1 && rnd.IntN(40) == 0 {
				// An older version handed out (clipped) and built on.
				v := versions[rnd.IntN(len(versions)-1)]
				cur, want = v.list.clip(), v.want
			}
			for range 2 {
				k := rnd.IntN(len(versions))
				check(run, step, k, versions[k])
			}
		}
		for k := 0; k < len(versions); k += 7 {
			check(run, -1, k, versions[k])
		}
	}
	// A build that replaces a game, then takes back games past the
	// newest chunk (a catch-up over several undos) and replaces one
	// there: that chunk is shared, not the build's own.
	var l GameList
	for i := range gameChunk + 2 {
		l.append(game(i + 1))
	}
	published := version{l, l.Slice(0, l.Len())}
	own := l.put(gameChunk+1, game(gameChunk+2), false, false)
	for range 3 {
		if !l.dropLast() {
			own = false
		}
	}
	l.put(gameChunk-2, game(gameChunk-1), own, false)
	check(-1, -1, 0, published)
	if most < 4*gameChunk {
		t.Errorf("at most %d games: the chunks are barely used", most)
	}
}

// stamps are games' Seq, which the test sets apart for each game made.
func stamps(games []Game) []int {
	out := make([]int, len(games))
	for i, g := range games {
		out[i] = g.Seq
	}
	return out
}

// TestBaseLoadCopiesNoGames: a base's games are put in place in the
// list made on its pool, not chunk by chunk copied (which made a
// 20,000-event base 140 MB of garbage instead of 3.4). Counted, not
// timed: what decoding a base of 600 games allocates, against the
// part's own size.
func TestBaseLoadCopiesNoGames(t *testing.T) {
	noStore(t)
	replayed, err := Replay("k", cambioLog(3000), findAll)
	if err != nil {
		t.Fatal(err)
	}
	part, err := encodeChunked(&replayed, 0, "test", logChunk)
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var loaded Table
	if err := decodePart(&loaded, part, findAll); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 3*uint64(len(part)) || loaded.Games.Len() != replayed.Games.Len() {
		t.Errorf("decoding a base of %d bytes and %d games allocated %d bytes (%d games)", len(part), replayed.Games.Len(), got, loaded.Games.Len())
	}
}
