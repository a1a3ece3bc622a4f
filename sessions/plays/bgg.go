package plays

import (
	"encoding/xml"
	"io"
	"strconv"
	"strings"
	"time"

	"tablemate/scoring"
)

// BoardGameGeek play records: the answer of BGG's XML API 2 to
// /xmlapi2/plays?username=… (boardgamegeek.com/wiki/page/BGG_XML_API2),
// as captured in public test fixtures (lcosmin/boardgamegeek test/xml,
// the arnak crate's test_data/plays/user_plays.xml):
//
//	<plays username="…" userid="…" total="3" page="1" termsofuse="…">
//	  <play id="113391260" date="2026-04-30" quantity="1" length="60"
//	        incomplete="0" nowinstats="0" location="kitchen">
//	    <item name="Azul" objecttype="thing" objectid="230802">
//	      <subtypes><subtype value="boardgame"/></subtypes>
//	    </item>
//	    <comments>…</comments>
//	    <players>
//	      <player username="" userid="0" name="Friend" startposition="1"
//	              color="blue" score="55" new="0" rating="7" win="0"/>
//	    </players>
//	  </play>
//	</plays>
//
// Every attribute is text; score and startposition are whatever the
// logger typed, "players" and "comments" may be missing, and a play may
// stand for several (quantity) or be unfinished (incomplete).

type bggPlaysOut struct {
	XMLName xml.Name     `xml:"plays"`
	Total   int          `xml:"total,attr"`
	Page    int          `xml:"page,attr"`
	Plays   []bggPlayOut `xml:"play"`
}

type bggPlayOut struct {
	ID         int    `xml:"id,attr"`
	Date       string `xml:"date,attr"`
	Quantity   int    `xml:"quantity,attr"`
	Length     int    `xml:"length,attr"`
	Incomplete int    `xml:"incomplete,attr"`
	NoWinStats int    `xml:"nowinstats,attr"`
	Location   string `xml:"location,attr"`
	Item       struct {
		Name       string `xml:"name,attr"`
		ObjectType string `xml:"objecttype,attr"`
		ObjectID   int    `xml:"objectid,attr"`
		Subtypes   []struct {
			Value string `xml:"value,attr"`
		} `xml:"subtypes>subtype"`
	} `xml:"item"`
	Comments string         `xml:"comments,omitempty"`
	Players  []bggPlayerOut `xml:"players>player"`
}

type bggPlayerOut struct {
	Username      string `xml:"username,attr"`
	UserID        int    `xml:"userid,attr"`
	Name          string `xml:"name,attr"`
	StartPosition string `xml:"startposition,attr"`
	Color         string `xml:"color,attr"`
	Score         string `xml:"score,attr"`
	New           int    `xml:"new,attr"`
	Rating        string `xml:"rating,attr"`
	Win           int    `xml:"win,attr"`
}

func bit(b bool) int {
	if b {
		return 1
	}
	return 0
}

// WriteBGG writes plays as BoardGameGeek play records in the shape of the
// XML API 2's plays answer. Plays are checked first (Validate); nothing is
// written when one fails. A game without a known BoardGameGeek id is
// written with objectid="0" and its name; an undated play with date="".
func (gs *Games) WriteBGG(w io.Writer, plays []Play) error {
	if err := gs.Validate(plays); err != nil {
		return err
	}
	out := bggPlaysOut{Total: len(plays), Page: 1, Plays: make([]bggPlayOut, 0, len(plays))}
	for _, p := range plays {
		x := bggPlayOut{ID: p.BGGPlayID, Quantity: max(p.Quantity, 1), Length: p.Minutes,
			Incomplete: bit(p.Incomplete), NoWinStats: bit(p.NoWinStats), Location: p.Location, Comments: lines(p.Comments)}
		if !p.Played.IsZero() {
			x.Date = p.Played.Format(time.DateOnly)
		}
		x.Item.Name, x.Item.ObjectType, x.Item.ObjectID = gs.Title(p.Game), "thing", p.Game.BGGID
		x.Item.Subtypes = append(x.Item.Subtypes, struct {
			Value string `xml:"value,attr"`
		}{"boardgame"})
		for _, pl := range p.Players {
			y := bggPlayerOut{Username: pl.Username, UserID: pl.UserID, Name: pl.Name, Color: pl.Color, Score: formatScore(pl),
				New: bit(pl.New), Rating: strconv.FormatFloat(pl.Rating, 'f', -1, 64), Win: bit(pl.Winner)}
			if pl.Seat > 0 {
				y.StartPosition = strconv.Itoa(pl.Seat)
			}
			x.Players = append(x.Players, y)
		}
		out.Plays = append(out.Plays, x)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// bggPlayIn is one <play> as read: every attribute as text, converted with
// its path so errors name it.
type bggPlayIn struct {
	ID         string `xml:"id,attr"`
	Date       string `xml:"date,attr"`
	Quantity   string `xml:"quantity,attr"`
	Length     string `xml:"length,attr"`
	Incomplete string `xml:"incomplete,attr"`
	NoWinStats string `xml:"nowinstats,attr"`
	Location   string `xml:"location,attr"`
	Items      []struct {
		Name     string `xml:"name,attr"`
		ObjectID string `xml:"objectid,attr"`
	} `xml:"item"`
	Comments []string `xml:"comments"`
	Players  []struct {
		Username      string `xml:"username,attr"`
		UserID        string `xml:"userid,attr"`
		Name          string `xml:"name,attr"`
		StartPosition string `xml:"startposition,attr"`
		Color         string `xml:"color,attr"`
		Score         string `xml:"score,attr"`
		New           string `xml:"new,attr"`
		Rating        string `xml:"rating,attr"`
		Win           string `xml:"win,attr"`
	} `xml:"players>player"`
}

// ReadBGG reads BoardGameGeek play records (the XML API 2 plays answer, or
// a file WriteBGG wrote). Errors name the play and attribute
// ("play[2].players.player[1].win") and what was expected.
func (gs *Games) ReadBGG(r io.Reader, l Limits) ([]Play, error) {
	l = l.orDefault()
	return gs.readBGG(open(r, l), l)
}

func (gs *Games) readBGG(r io.Reader, l Limits) ([]Play, error) {
	d := xml.NewDecoder(r)
	d.CharsetReader = func(charset string, _ io.Reader) (io.Reader, error) {
		return nil, scoring.Errorf("", "the file is in %s; Tablemate reads UTF-8 only", charset)
	}
	var out []Play
	depth, root := 0, false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			if !root {
				return nil, scoring.Errorf("", "this is not BoardGameGeek plays: the file has no <plays> element")
			}
			if depth > 0 {
				return nil, scoring.Errorf("", "the file ends in the middle of its XML")
			}
			return out, nil
		}
		if err != nil {
			return nil, decodeError(err, l, "XML")
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				if root {
					return nil, scoring.Errorf("", "the file holds more after its <plays> element")
				}
				switch t.Name.Local {
				case "plays":
				case "error", "errors":
					return nil, scoring.Errorf("", "this is BoardGameGeek's error answer, not plays")
				default:
					return nil, scoring.Errorf("", "this is not BoardGameGeek plays: the file holds <%s>, not <plays>", t.Name.Local)
				}
				root, depth = true, 1
				continue
			}
			if t.Name.Local != "play" {
				if err := d.Skip(); err != nil {
					return nil, decodeError(err, l, "XML")
				}
				continue
			}
			at := scoring.Index("play", len(out))
			if len(out) == l.MaxPlays {
				return nil, scoring.Errorf("play", "the file holds more than %d plays, the most Tablemate reads at once: export fewer into each file", l.MaxPlays)
			}
			var in bggPlayIn
			if err := d.DecodeElement(&in, &t); err != nil {
				return nil, decodeError(err, l, "XML")
			}
			p, err := in.play(at, l)
			if err != nil {
				return nil, err
			}
			if err := p.check(gs, at); err != nil {
				return nil, err
			}
			out = append(out, p)
		case xml.EndElement:
			depth--
		case xml.CharData:
			if depth == 0 && strings.TrimSpace(string(t)) != "" {
				return nil, scoring.Errorf("", "the file holds text outside its <plays> element")
			}
		}
	}
}

// attrInt reads a whole-number attribute from 0 to max; "" is 0.
func attrInt(field, s string, max int) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > max {
		return 0, scoring.Errorf(field, "must be a whole number from 0 to %d, not %q", max, clip(s))
	}
	return n, nil
}

// attrBit reads BoardGameGeek's "0"/"1" flags; "" is 0.
func attrBit(field, s string) (bool, error) {
	switch strings.TrimSpace(s) {
	case "1":
		return true, nil
	case "0", "":
		return false, nil
	}
	return false, scoring.Errorf(field, "must be 0 or 1, not %q", clip(s))
}

func attrText(field, s string, max int, lines bool) (string, error) {
	s = strings.TrimSpace(s)
	if lines {
		s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	}
	return s, checkText(field, s, max, lines)
}

func clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

func (in bggPlayIn) play(at string, l Limits) (Play, error) {
	var p Play
	var err error
	f := func(name string) string { return scoring.Join(at, name) }
	if p.BGGPlayID, err = attrInt(f("id"), in.ID, 1<<40); err != nil {
		return p, err
	}
	switch date := strings.TrimSpace(in.Date); date {
	case "", "0000-00-00":
	default:
		if p.Played, err = time.Parse(time.DateOnly, date); err != nil {
			return p, scoring.Errorf(f("date"), "must be a date like \"2024-05-11\", not %q", clip(date))
		}
	}
	if p.Quantity, err = attrInt(f("quantity"), in.Quantity, MaxQuantity); err != nil {
		return p, err
	}
	if p.Quantity == 1 {
		p.Quantity = 0 // one play, as the model says it
	}
	if p.Minutes, err = attrInt(f("length"), in.Length, MaxMinutes); err != nil {
		return p, err
	}
	if p.Incomplete, err = attrBit(f("incomplete"), in.Incomplete); err != nil {
		return p, err
	}
	if p.NoWinStats, err = attrBit(f("nowinstats"), in.NoWinStats); err != nil {
		return p, err
	}
	if p.Location, err = attrText(f("location"), in.Location, MaxText, false); err != nil {
		return p, err
	}
	if len(in.Items) != 1 {
		return p, scoring.Errorf(f("item"), "a play names exactly one game in one <item>; this one has %d", len(in.Items))
	}
	if p.Game.Name, err = attrText(f("item.name"), in.Items[0].Name, MaxText, false); err != nil {
		return p, err
	}
	if p.Game.Name == "" {
		return p, scoring.Errorf(f("item.name"), "a play needs the name of its game")
	}
	if p.Game.BGGID, err = attrInt(f("item.objectid"), in.Items[0].ObjectID, 1<<30); err != nil {
		return p, err
	}
	if p.Comments, err = attrText(f("comments"), strings.Join(in.Comments, "\n"), MaxComments, true); err != nil {
		return p, err
	}
	if len(in.Players) > l.MaxPlayers {
		return p, scoring.Errorf(f("players"), "a play has at most %d players; this one has %d", l.MaxPlayers, len(in.Players))
	}
	for j, x := range in.Players {
		g := func(name string) string { return scoring.Join(scoring.Index(f("players.player"), j), name) }
		var pl Player
		if pl.Username, err = attrText(g("username"), x.Username, MaxID, false); err != nil {
			return p, err
		}
		if pl.UserID, err = attrInt(g("userid"), x.UserID, 1<<40); err != nil {
			return p, err
		}
		if pl.Name, err = attrText(g("name"), x.Name, MaxText, false); err != nil {
			return p, err
		}
		switch {
		case pl.Name != "":
		case pl.Username != "":
			pl.Name = pl.Username
		default:
			pl.Name, pl.Anonymous = "Anonymous", true
		}
		// startposition is free text on BoardGameGeek; a seat number is kept.
		if n, err := strconv.Atoi(strings.TrimSpace(x.StartPosition)); err == nil && n > 0 && n <= maxOrder {
			pl.Seat = n
		}
		if pl.Color, err = attrText(g("color"), x.Color, MaxText, false); err != nil {
			return p, err
		}
		if pl.Score, pl.ScoreText = parseScore(x.Score); pl.ScoreText != "" {
			if err := checkText(g("score"), pl.ScoreText, maxScoreLen, false); err != nil {
				return p, err
			}
		}
		if pl.New, err = attrBit(g("new"), x.New); err != nil {
			return p, err
		}
		if pl.Winner, err = attrBit(g("win"), x.Win); err != nil {
			return p, err
		}
		switch rating := strings.TrimSpace(x.Rating); rating {
		case "", "N/A":
		default:
			v, err := strconv.ParseFloat(rating, 64)
			if err != nil || !(v >= 0 && v <= 10) {
				return p, scoring.Errorf(g("rating"), "must be a rating from 0 to 10, not %q", clip(rating))
			}
			pl.Rating = v
		}
		p.Players = append(p.Players, pl)
	}
	p.Players = distinctNames(p.Players)
	return p, nil
}
