package dev.warden.testext;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/**
 * A player's score in a season; maps {@code game_scores} (test extension). The panel reads the
 * {@code @Table} name and the column annotations; this entity is not in Warden's persistence unit.
 */
@Entity
@Table(name = "game_scores")
public class Score {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    /** Mapped by name: the relation and create defaults may say {@code userId} or {@code user_id}. */
    @Column(name = "user_id")
    private Long userId;

    @Column(name = "season", nullable = false)
    private String season;

    @Column(name = "score", nullable = false)
    private long score;

    @Column(name = "note")
    private String note;

    /** No {@code @Column}: default naming, found as {@code tournament_id} by its snake_case form. */
    private Long tournamentId;

    public Long getId() {
        return id;
    }

    public void setId(Long id) {
        this.id = id;
    }

    public Long getUserId() {
        return userId;
    }

    public void setUserId(Long userId) {
        this.userId = userId;
    }

    public String getSeason() {
        return season;
    }

    public void setSeason(String season) {
        this.season = season;
    }

    public long getScore() {
        return score;
    }

    public void setScore(long score) {
        this.score = score;
    }

    public String getNote() {
        return note;
    }

    public void setNote(String note) {
        this.note = note;
    }

    public Long getTournamentId() {
        return tournamentId;
    }

    public void setTournamentId(Long tournamentId) {
        this.tournamentId = tournamentId;
    }
}
