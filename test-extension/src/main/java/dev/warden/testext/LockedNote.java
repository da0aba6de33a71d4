package dev.warden.testext;

import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** A note; maps {@code game_locked_notes}, whose resource has a 'deny' policy on every action (PolicyMatrixIT). */
@Entity
@Table(name = "game_locked_notes")
public class LockedNote extends PolicyNote {}
