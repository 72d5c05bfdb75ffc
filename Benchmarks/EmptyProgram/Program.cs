// Starts the runtime and exits: what any program pays before it does anything.
return 0;
