package cambio

// How a round ends (ruling CAM-3): "a call (then every other player has one
// more turn) or a player with no table cards left". After the call the
// caller's cards are frozen, so the caller still holds at least one.

// EndProblem is one way a round breaks ruling CAM-3: Code is
// round_not_ended (Seat −1: the round as a whole), caller_out (Seat is the
// caller holding no card) or out_has_cards (Seat is the player said to
// have run out, who holds cards).
type EndProblem struct {
	Code string
	Seat int
}

// NoSeat is EndProblem.Seat for a problem of the whole round.
const NoSeat = -1

// EndProblems lists the CAM-3 breaks of one round: held[i] is how many
// table cards seat i turned over, called[i] whether seat i called Cambio,
// and out the seat the table says ran out of cards (NoSeat when it does
// not say). A round with a caller ended with the call; a round without one
// ended when a player had no cards left: out when given, else anyone.
// Problems come in seat order, the round's own last.
func EndProblems(held []int, called []bool, out int) []EndProblem {
	var ps []EndProblem
	anyCaller, anyOut := false, false
	for i, n := range held {
		if i < len(called) && called[i] {
			anyCaller = true
			if n == 0 {
				ps = append(ps, EndProblem{Code: "caller_out", Seat: i})
			}
		}
		anyOut = anyOut || n == 0
	}
	if out >= 0 && out < len(held) && held[out] > 0 {
		ps = append(ps, EndProblem{Code: "out_has_cards", Seat: out})
	}
	if !anyCaller && out == NoSeat && !anyOut && len(held) > 0 {
		ps = append(ps, EndProblem{Code: "round_not_ended", Seat: NoSeat})
	}
	return ps
}

// roundEnd is EndProblems for the recorded round j of s (nobody is named
// as out: a recorded round says only who called).
func roundEnd(s State, j int) []EndProblem {
	var held []int
	var called []bool
	var seats []int
	for i, p := range s.Players {
		if j < len(p.Rounds) {
			held = append(held, len(p.Rounds[j].Cards))
			called = append(called, p.Rounds[j].Cambio)
			seats = append(seats, i)
		}
	}
	ps := EndProblems(held, called, NoSeat)
	for k := range ps {
		if ps[k].Seat != NoSeat {
			ps[k].Seat = seats[ps[k].Seat]
		}
	}
	return ps
}
