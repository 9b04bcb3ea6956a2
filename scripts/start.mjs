// `npm start`: builds the console when needed, then runs the reference platform server.
// Filled in by the server issue.
console.error('The reference server is not built yet.')
process.exit(1)
