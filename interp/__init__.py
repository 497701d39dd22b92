"""interp: source-driven performance prediction by interpretation (Parashar et al. 1993)."""
__version__ = "0.1.0"
