package dev.warden.testext;

import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** A note; maps {@code game_open_notes}, whose resource has a 'everyone' policy on every action (PolicyMatrixIT). */
@Entity
@Table(name = "game_open_notes")
public class OpenNote extends PolicyNote {}
