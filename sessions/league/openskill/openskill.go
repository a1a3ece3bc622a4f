// Package openskill rates players of games with more than two sides: the
// Weng–Lin Bayesian approximation with the Plackett–Luce model (Weng & Lin,
// "A Bayesian Approximation Method for Online Ranking", JMLR 12, 2011,
// Algorithm 4), the default model of the OpenSkill libraries. A rating is
// a belief about skill: mean Mu and uncertainty Sigma; Ordinal (Mu − 3σ)
// is the cautious value to rank people by, so a newcomer with one lucky
// win does not top a table of regulars.
//
// It follows openskill.py 6.2.0 (ranks, ties, teams, the additive
// dynamics factor tau, limit_sigma) and is checked against that library's
// published test fixtures and openskill.js's. Score margins, per-player
// weights and team balancing are left out: a table's ranking is all the
// league knows. Pure: no I/O, no globals that change, deterministic.
package openskill

import (
	"errors"
	"math"
)

// Rating is one player's skill belief.
type Rating struct {
	Mu    float64 // mean skill
	Sigma float64 // uncertainty (standard deviation of the belief)
}

// Z is how many standard deviations Ordinal subtracts.
const Z = 3

// Ordinal is Mu − 3σ: the skill the player has with about 99.7% certainty
// (one-sided ~99.9%), the value a leaderboard sorts by. A new player's is 0.
func (r Rating) Ordinal() float64 { return r.Mu - Z*r.Sigma }

// Model holds the constants of a rating system. The zero Model is not
// usable; start from Default.
type Model struct {
	Mu    float64 // a new player's mean (25)
	Sigma float64 // a new player's uncertainty (25/3)
	Beta  float64 // performance noise of one game (25/6)
	Kappa float64 // floor that keeps a variance positive (0.0001)
	// Tau is added to every sigma (in quadrature) before a game, so a
	// rating never freezes: skills change over a season (25/300).
	Tau float64
	// LimitSigma stops a game from making anyone's sigma larger than it
	// was before the game (tau could otherwise).
	LimitSigma bool
}

// Default is openskill's default model: mu 25, sigma 25/3, beta 25/6,
// kappa 0.0001, tau 25/300.
func Default() Model {
	return Model{Mu: 25, Sigma: 25.0 / 3, Beta: 25.0 / 6, Kappa: 0.0001, Tau: 25.0 / 300}
}

// New is a new player's rating.
func (m Model) New() Rating { return Rating{Mu: m.Mu, Sigma: m.Sigma} }

// Errors of Rate.
var (
	ErrRanks = errors.New("openskill: one rank per team")
	ErrTeam  = errors.New("openskill: a team without players")
	ErrValue = errors.New("openskill: a rating that is not a finite number, or a sigma that is not positive")
)

// Rate returns every player's rating after one game. teams[i] are the
// players of side i (a team of one for a free-for-all); ranks[i] is side
// i's place, lower is better, equal ranks are a tie (shared places such as
// 1, 2, 2, 4 are fine). A nil ranks means the teams are in finishing order.
// A game of fewer than two sides changes nothing. The input is not
// modified.
func (m Model) Rate(teams [][]Rating, ranks []int) ([][]Rating, error) {
	if ranks == nil {
		ranks = make([]int, len(teams))
		for i := range ranks {
			ranks[i] = i
		}
	}
	if len(ranks) != len(teams) {
		return nil, ErrRanks
	}
	out := make([][]Rating, len(teams))
	for i, team := range teams {
		if len(team) == 0 {
			return nil, ErrTeam
		}
		for _, r := range team {
			if !finite(r.Mu) || !finite(r.Sigma) || r.Sigma <= 0 {
				return nil, ErrValue
			}
		}
		out[i] = append([]Rating(nil), team...)
	}
	if len(teams) < 2 {
		return out, nil
	}
	// The additive dynamics factor: sigma grows a little before each game.
	for _, team := range out {
		for j := range team {
			team[j].Sigma = math.Sqrt(team[j].Sigma*team[j].Sigma + m.Tau*m.Tau)
		}
	}
	k := len(out)
	mu := make([]float64, k)      // team strength: the sum of its players' mu
	sigmaSq := make([]float64, k) // and of their variances
	for i, team := range out {
		for _, r := range team {
			mu[i] += r.Mu
			sigmaSq[i] += r.Sigma * r.Sigma
		}
	}
	// c: the collective deviation, Algorithm 4 step 3.
	c := 0.0
	for i := range k {
		c += sigmaSq[i] + m.Beta*m.Beta
	}
	c = math.Sqrt(c)
	// logQ[q]: log Σ exp(mu_s/c) over the sides s placed no better than q
	// (taken around its largest term, so no exp overflows or vanishes);
	// a[q]: how many sides share q's rank.
	logQ := make([]float64, k)
	a := make([]float64, k)
	for q := range k {
		top := math.Inf(-1)
		for s := range k {
			if ranks[s] >= ranks[q] {
				top = math.Max(top, mu[s]/c)
			}
			if ranks[s] == ranks[q] {
				a[q]++
			}
		}
		sum := 0.0
		for s := range k {
			if ranks[s] >= ranks[q] {
				sum += math.Exp(mu[s]/c - top)
			}
		}
		logQ[q] = top + math.Log(sum)
	}
	for i := range k {
		omega, delta := 0.0, 0.0
		for q := range k {
			if ranks[q] > ranks[i] {
				continue
			}
			p := math.Exp(mu[i]/c - logQ[q]) // chance that i comes first among the sides from q's place on
			delta += p * (1 - p) / a[q]
			if q == i {
				omega += (1 - p) / a[q]
			} else {
				omega -= p / a[q]
			}
		}
		omega *= sigmaSq[i] / c
		delta *= sigmaSq[i] / (c * c)
		delta *= math.Sqrt(sigmaSq[i]) / c // gamma, the default of openskill
		for j, r := range out[i] {
			share := r.Sigma * r.Sigma / sigmaSq[i]
			out[i][j].Mu = r.Mu + share*omega
			out[i][j].Sigma = r.Sigma * math.Sqrt(math.Max(1-share*delta, m.Kappa))
			if m.LimitSigma {
				out[i][j].Sigma = math.Min(out[i][j].Sigma, teams[i][j].Sigma)
			}
		}
	}
	return out, nil
}

// RatePlayers is Rate for a free-for-all: every side is one player.
func (m Model) RatePlayers(ratings []Rating, ranks []int) ([]Rating, error) {
	teams := make([][]Rating, len(ratings))
	for i, r := range ratings {
		teams[i] = []Rating{r}
	}
	rated, err := m.Rate(teams, ranks)
	if err != nil {
		return nil, err
	}
	out := make([]Rating, len(rated))
	for i, t := range rated {
		out[i] = t[0]
	}
	return out, nil
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }
