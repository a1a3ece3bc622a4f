package i18n

import "fmt"

// de is the whole German catalog: the core (de.go), one part per game's
// play-along pages and refusals (de_play_<game>.go), so each game's text
// lives next to the others of its kind, and the links' sharing and
// replacing (de_links.go), the result cards and member statistics
// (de_stats.go).
var de = merge(deCore, dePlayShared, deLinks, deStats, deEvening, deEntry, dePlays, deTruth, deAPI, deOffline, deCounted, deTalk, deClock)

// merge joins catalog parts; a key in two parts must say the same thing
// in both (it panics otherwise, at start-up and in every test).
func merge(parts ...map[string]string) map[string]string {
	out := map[string]string{}
	for _, part := range parts {
		for k, v := range part {
			add(out, k, v)
		}
	}
	return out
}

func add(into map[string]string, k, v string) {
	if old, ok := into[k]; ok && old != v {
		panic(fmt.Sprintf("i18n: %q has two German texts: %q and %q", k, old, v))
	}
	into[k] = v
}

// Register adds a game's part of the German catalog (web/<game>/de.go),
// which the registry (web/games) registers at start-up, before any page
// is said. As with the parts of this package, a key another part has
// must say the same thing (it panics otherwise).
func Register(part map[string]string) {
	for k, v := range part {
		add(de, k, v)
		if err := cat.SetString(German, k, v); err != nil {
			panic(fmt.Sprintf("i18n: %q: %v", k, err))
		}
	}
}
