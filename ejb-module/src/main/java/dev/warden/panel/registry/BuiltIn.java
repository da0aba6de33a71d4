package dev.warden.panel.registry;

import jakarta.inject.Qualifier;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks Warden's own {@link dev.warden.panel.extension.PanelCustomizer}, the one that registers the built-in
 * tables: {@link ResourceRegistry} runs it first (origin "built-in", sidebar first) and every other customizer
 * after it. There is exactly one; integrators never use this qualifier.
 */
@Qualifier
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
public @interface BuiltIn {}
