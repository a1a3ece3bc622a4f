package plays

import (
	"encoding/json"
	"net/url"

	"tablemate/scoring"
)

// BGStatsCreatePlay is BG Stats' page that opens one play in the app
// from a link: its "data" parameter is the play as JSON (BG Stats' page
// on pushing plays from other apps). The app must be installed on the
// phone that opens the link.
const BGStatsCreatePlay = "https://app.bgstatsapp.com/createPlay.html"

// bgsLink is the play a createPlay link carries. BG Stats matches the
// game and the players to its own by sourceGameId and sourcePlayerId
// once the person has matched them the first time, so both are stable:
// the same uuids the .bgsplay writer gives the game and the player
// (derived from the game's kind and the player's name, never from a
// table or its links).
type bgsLink struct {
	SourceName  string           `json:"sourceName"`
	PlayDate    string           `json:"playDate"`
	DurationMin int              `json:"durationMin"`
	Comments    string           `json:"comments"`
	Location    string           `json:"location"`
	Game        bgsLinkGame      `json:"game"`
	Players     []bgsLinkPlayers `json:"players"`
}

type bgsLinkGame struct {
	Name         string `json:"name"`
	BGGID        int    `json:"bggId"`
	HighestWins  bool   `json:"highestWins"`
	NoPoints     bool   `json:"noPoints"`
	SourceGameID string `json:"sourceGameId"`
}

type bgsLinkPlayers struct {
	Name           string `json:"name"`
	Score          string `json:"score"`
	Winner         bool   `json:"winner"`
	Rank           int    `json:"rank"`
	StartPlayer    bool   `json:"startPlayer"`
	SourcePlayerID string `json:"sourcePlayerId"`
}

// BGStatsLink is the link that opens play p in BG Stats, with the same
// values the .bgsplay writer gives it (title, BoardGameGeek id, who won,
// ranks, scores as text, the start player). The play is checked as the
// writer checks it; its ID is not carried (a table's play ID names the
// table).
func (gs *Games) BGStatsLink(p Play) (string, error) {
	if err := gs.Validate([]Play{p}); err != nil {
		return "", err
	}
	if p.Played.IsZero() {
		return "", scoring.Errorf("played", "BG Stats needs the date a play was played")
	}
	g := p.Game
	if g.Slug != "" && g.Name == "" {
		g.Name = gs.Title(p.Game)
	}
	l := bgsLink{SourceName: "Tablemate", PlayDate: p.Played.Format(bgsTime), DurationMin: p.Minutes, Comments: lines(p.Comments),
		Location: p.Location, Players: []bgsLinkPlayers{},
		Game: bgsLinkGame{Name: g.Name, BGGID: g.BGGID, HighestWins: !g.LowestWins, NoPoints: g.NoPoints, SourceGameID: gameUUID(g)}}
	for _, pl := range p.Players {
		l.Players = append(l.Players, bgsLinkPlayers{Name: pl.Name, Score: formatScore(pl), Winner: pl.Winner, Rank: pl.Rank,
			StartPlayer: pl.StartPlayer, SourcePlayerID: uuidOf("player:" + pl.Name)})
	}
	b, err := json.Marshal(l)
	if err != nil {
		return "", err
	}
	return BGStatsCreatePlay + "?data=" + url.QueryEscape(string(b)), nil
}
