"""What the runtime remembers about a user, and what a person sees and edits of it."""
