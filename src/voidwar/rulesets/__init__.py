"""The rulesets shipped with voidwar; each subpackage registers itself by entry point."""
