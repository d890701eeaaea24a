// The operations' lossless core (what the inputs are, the plans of the outputs, the reports, the errors) is a module
// of its own so that the same sources also compile for the browser; to the command line and the web app it is part of
// this library's API, and comes with it.
@_exported public import LivePhotoCore
