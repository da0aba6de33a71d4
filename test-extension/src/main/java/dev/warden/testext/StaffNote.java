package dev.warden.testext;

import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** A note; maps {@code game_staff_notes}, whose resource has a ['admin', 'mod'] policy on every action (PolicyMatrixIT). */
@Entity
@Table(name = "game_staff_notes")
public class StaffNote extends PolicyNote {}
