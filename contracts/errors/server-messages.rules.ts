/**
 * Every message the API can put in an error body, by a stable code (SPEC 2.14, ADR 0015). The server keeps writing
 * English (DRF's words, the fallback for a client that does not know a code); on its way out each message is matched
 * against these templates and the response carries its code and parameters beside it
 * (`{"detail": "...", "code": "...", "params": {...}}`, field errors' codes under `codes`), so the app shows it in
 * the user's language (src/lib/server-messages.ts). A test reads the server's source and fails on a message that
 * is not here (server/http/server-messages.test.ts); TypeScript makes the app translate every code.
 *
 * `{name}` is a parameter: any text, matched as short as possible. Zod-free: the app may import it.
 */
export const SERVER_MESSAGES = {
  // ---- DRF's generic words (errors.ts, primitives.ts, the contracts' fields)
  required: 'This field is required.',
  blank: 'This field may not be blank.',
  null: 'This field may not be null.',
  invalid_value: 'Invalid value.',
  invalid_choice: 'Select a valid choice.',
  invalid_choice_value: 'Select a valid choice. {value} is not one of the available choices.',
  invalid_choice_of: 'Choose one of: {choices}.',
  invalid_integer: 'A valid integer is required.',
  invalid_number: 'A valid number is required.',
  invalid_boolean: 'Must be a valid boolean.',
  invalid_string: 'Not a valid string.',
  invalid_uuid: 'Must be a valid UUID.',
  invalid_date: 'Date has wrong format. Use YYYY-MM-DD.',
  invalid_datetime: 'Enter a valid date/time.',
  invalid_email: 'Enter a valid email address.',
  invalid_email_value: 'Enter a valid email address ("{value}").',
  invalid_gtin: 'Enter a valid GTIN (8, 12, 13 or 14 digits with a correct check digit).',
  invalid_time_zone: 'Unknown time zone.',
  invalid_time_hhmm: 'Enter a time as HH:MM (00:00 to 23:59).',
  invalid_code_chars: 'Use letters, digits, dot, underscore, hyphen or slash.',
  invalid_code_chars_colon: 'Use letters, digits, dot, underscore, colon or hyphen.',
  invalid_username_chars: 'Letters, digits and @/./+/-/_ only.',
  invalid_host: 'Enter a host name or an IP address.',
  invalid_list: 'Expected a list of items.',
  invalid_pk_type: 'Incorrect type. Expected pk value.',
  invalid_text_surrogate: 'Enter valid text: it holds an unpaired surrogate.',
  null_characters: 'Null characters are not allowed.',
  max_length: 'Ensure this field has no more than {max} characters.',
  min_length: 'Ensure this field has at least {min} characters.',
  max_items: 'Ensure this field has no more than {max} elements.',
  max_digits: 'Ensure that there are no more than {max} digits before the decimal point.',
  max_decimal_places: 'Enter a number with at most {max} decimal places.',
  positive: 'Ensure this value is greater than 0.',
  min_value: 'Ensure this value is greater than or equal to {min}.',
  max_value: 'Ensure this value is less than or equal to {max}.',
  does_not_exist: 'Invalid pk "{pk}" - object does not exist.',
  does_not_exist_plain: 'Invalid pk - object does not exist.',
  does_not_exist_in_warehouse: 'Invalid pk "{pk}" - object does not exist in the order\'s warehouse.',
  unique: 'A record with these values already exists.',
  unique_field: 'A record with this {field} already exists.',
  protected: 'This record cannot be deleted: it is still referenced{by}.',
  out_of_range: 'A value is out of range or not valid for its field.',
  // ---- HTTP
  not_found: 'Not found.',
  no_such_record: 'No such record.',
  permission_denied: 'You do not have permission to perform this action.',
  not_authenticated: 'Authentication credentials were not provided.',
  invalid_authorization: 'Invalid authorization header.',
  method_not_allowed: 'Method "{method}" not allowed.',
  parse_error: 'JSON parse error.',
  bad_request: 'Bad request.',
  server_error: 'Internal server error.',
  retry_changed: 'The data changed while saving. Try again.',
  invalid_page: 'Invalid page.',
  invalid_ordering: 'Invalid ordering field(s): {fields}. Allowed: {allowed}.',
  invalid_ordering_moves: 'Invalid ordering "{value}". Use one of: {allowed}.',
  invalid_resource: 'Not a valid resource name.',
  // ---- auth and users
  // ---- API keys (docs/requirements.md §6; written in the caller's language too: contracts/errors/api-key-messages.ts)
  api_key_invalid: 'Invalid, revoked or expired API key.',
  api_key_scope: 'This API key lacks the scope "{scope}".',
  api_key_not_here: 'API keys cannot be used on this route.',
  api_key_rate_limited: 'Too many requests with this API key. Try again in {seconds} seconds.',
  api_key_scope_required: 'Choose at least one scope.',
  // ---- webhooks (docs/requirements.md §6, ADR 0020)
  webhook_url_scheme: 'Enter a URL that starts with http:// or https://.',
  webhook_url_credentials: 'A webhook URL may not hold a user name or password.',
  webhook_url_invalid: 'Enter a valid URL.',
  webhook_url_unresolved: 'The host name of this URL does not resolve.',
  webhook_url_private: "This URL points at a private or local address ({address}); the server's operator must allow it (WMS_WEBHOOK_ALLOW_PRIVATE).",
  webhook_event_types_required: 'Choose at least one event type.',
  login_throttled: 'Too many failed login attempts. Try again in {seconds} seconds.',
  password_too_short: 'This password is too short. It must contain at least {min} characters.',
  own_account_disable: 'You cannot disable your own account.',
  own_admin_role: 'You cannot remove your own admin role.',
  password_throttled: 'Too many wrong passwords. Try again in {seconds} seconds.',
  current_password_wrong: 'The current password is not correct.',
  new_password_same: 'The new password must differ from the current one.',
  // ---- the company's logo
  logo_wrong_type: 'Upload a PNG, SVG or JPEG image.',
  logo_too_large: 'The logo must be at most {max} KB.',
  logo_unsafe_svg: 'This SVG holds scripts or event handlers: export it as a plain image.',
  // ---- commands
  command_in_progress: 'Command {id} is being applied; send it again.',
  command_reused: 'Command {id} was already used for another command; use a new command_id.',
  // ---- warehouses and locations
  warehouse_not_in_site: 'This warehouse does not belong to the selected site.',
  locations_exist: '{count} of these locations already exist: {codes}.',
  location_holds_stock: 'This location still holds stock: move it out before deactivating the location.',
  product_holds_stock_one: 'This product still has {qty} in stock, in location {places}: move it out or adjust it to zero before deactivating the product.',
  product_holds_stock: 'This product still has {qty} in stock in {count} locations: {places}. Move it out or adjust it to zero before deactivating the product.',
  location_pattern_too_many: 'This pattern names {count} locations; at most {max} are created at once.',
  location_codes_too_long: 'The codes would be longer than 64 characters.',
  location_pattern_backwards: '{run} runs backwards: the first number must not be greater than the second.',
  location_pattern_braces: 'Each { must be followed by from-to digits and a closing }, e.g. {01-12}.',
  location_pattern_no_run: 'The pattern needs at least one run such as {01-12}.',
  location_pattern_chars: 'Use letters, digits, dot, underscore, hyphen or slash around the runs.',
  location_pattern_digits: 'Write both ends of {run} with the same number of digits (e.g. {01-12}).',
  // ---- pick faces (§20.1)
  pick_face_min_above_max: 'The minimum must not be greater than the maximum.',
  pick_face_exists: 'This location already has a pick face for this product.',
  pick_face_location_inactive: 'This location is inactive: choose an active one.',
  pick_face_refill_open: 'This pick face has a refill under way (task {task}): finish or cancel it first.',
  pick_face_location_other_warehouse: 'This location is in warehouse {location_warehouse}, not in {warehouse}.',
  pick_face_import_duplicate: 'This location and product are already on line {line}.',
  import_product_code_ambiguous: 'Several products have the code "{code}".',
  // ---- the warehouse layout (SPEC 18.1)
  layout_xy_pair: 'Give both x and y, or neither.',
  layout_invalid_regex: 'Enter a valid regular expression.',
  layout_regex_groups: 'The expression needs the named groups aisle and bay.',
  layout_segment_roles: 'Give exactly one segment the role aisle and one the role bay.',
  // ---- master data import
  import_rows_failed: '{failed} of {total} rows have errors: nothing was imported.',
  import_no_code: 'No {field} has the code "{code}".',
  import_missing_column: 'The file has no {columns} column. Its first line names the columns: {names}.',
  import_missing_columns: 'The file is missing the columns {columns}. Its first line names the columns: {names}.',
  import_no_rows: 'The file has no rows below its header.',
  import_duplicate_code: 'This code is already on line {line}.',
  import_gtin_duplicate: '"{gtin}" is already on line {line}.',
  import_too_few_fields: 'Too few fields: expected {expected} fields but parsed {parsed}',
  import_too_many_fields: 'Too many fields: expected {expected} fields but parsed {parsed}',
  import_quote_unterminated: 'Quoted field unterminated',
  gtin_taken: '"{gtin}" already belongs to product {code}.',
  gtin_invalid_value: '"{gtin}" is not a valid GTIN (8, 12, 13 or 14 digits with a correct check digit).',
  product_exists: 'A product with this code and variant already exists.',
  gtin_listed_twice: '"{gtin}" is listed twice.',
  pack_listed_twice: 'This pack is listed twice.',
  pack_unit_twice: 'This product already has a pack in this unit.',
  pack_not_of_product: 'This pack is not one of this product\'s packs.',
  pack_stock_in_unit: 'Stock of this product is recorded in {uom}: this pack cannot be removed, nor its unit or units per pack changed, while that stock is there.',
  gs1_prefix_digits: 'A GS1 company prefix has 6 to 12 digits.',
  // ---- stock
  stock_not_enough: 'Not enough stock on line {line} to {action} {qty}: quantity {quantity}, reserved {reserved}.',
  stock_same_place: 'The stock is already there.',
  sscc_in_location: 'SSCC {sscc} is already in location {location}: an SSCC identifies one unit in one place.',
  sscc_elsewhere: 'SSCC {sscc} is already in another location: an SSCC identifies one unit in one place. Reload and try again.',
  sscc_elsewhere_any: 'An SSCC is already in another location: an SSCC identifies one unit in one place. Reload and try again.',
  stock_keeps_product: 'A move keeps its product.',
  stock_target_other_product: 'The target line holds another product.',
  stock_below_reserved: 'The counted quantity is below the reserved quantity; release the reservation first.',
  stock_move_needs_ends: 'A stock move needs a source, a target, or both.',
  stock_line_not_found: 'Stock line {line} not found.',
  stock_line_held: 'Stock line {line} is {status}; release it first.',
  stock_line_held_reserve: 'Stock line {line} is {status}; blocked and quarantined stock is never reserved.',
  stock_line_changed: 'Stock line {line} changed since you read it (version {expected}, now {version}). Reload and try again.',
  stock_line_gone: 'Stock line {line} no longer exists; it was emptied by another change. Reload and try again.',
  stock_line_moved: 'Stock line {line} is no longer in the location you saw it in; it is in {location} now.',
  stock_already_status: 'The stock is already {status}.',
  stock_not_blocked: 'The stock is not blocked.',
  stock_unknown_reason: 'Unknown reason "{reason}".',
  stock_location_inactive: 'Location {location} is inactive; choose another.',
  pallet_already_there: 'Pallet {pallet} is already there.',
  pallet_empty: 'No stock on pallet {pallet}.',
  pallet_reserved: 'Pallet {pallet} holds reserved stock; move the free quantity line by line, or release the reservation first.',
  pallet_moved: 'Pallet {pallet} is no longer in the location you saw it in; it is in {location} now.',
  move_give_source: 'Give a pallet_code, an sscc or a stock_line.',
  move_one_source: 'Give only one of pallet_code, sscc and stock_line.',
  move_qty_or_pallet: 'A quantity moves part of a stock_line; a pallet moves whole.',
  trace_give_key: 'Give a lot, an sscc or a pallet_code.',
  date_to_before_from: 'Ensure this date is on or after date_from.',
  kpi_to_before_from: 'Ensure this date is on or after from.',
  kpi_range_max: 'Ensure the range is at most {max} days.',
  // ---- the handheld's command batches (POST /api/commands/batch/)
  command_batch_route: 'Not a command route a batch may send.',
  command_batch_max: 'At most {max} commands a batch.',
  command_batch_repeated: 'Each command_id at most once a batch.',
  // ---- counts
  count_choose_scope: 'Choose locations, a location pattern, a warehouse or products.',
  count_too_many: 'A count holds at most {max} locations; narrow it down.',
  count_nothing: 'No active location matches; nothing to count.',
  count_recount_other: 'A recount is done by a different operator.',
  count_empty_entries: 'An empty location has no entries.',
  count_product_outside: 'Product {product} is not part of this count.',
  count_status: 'This count is {status}.',
  count_location_outside: 'This location is not part of the count.',
  count_location_done: 'This location was already counted ({status}).',
  count_location_review: 'This location is {status}: only a counted location awaiting review can be {action}.',
  count_stock_left: 'The stock of product {product}, lot {lot}, pallet {pallet} left {location} after the count; recount it.',
  count_lot_required: 'Product {product} has several lots in {location}: choose the lot.',
  count_pallet_required: 'Product {product}, lot {lot} is on several pallets in {location}: scan the pallet.',
  count_line_short: 'The count of product {product}, lot {lot}, pallet {pallet} at {location} takes {qty} but the line holds {held} now; recount it.',
  // ---- copack
  copack_code_exists: 'A copack order with this code already exists.',
  copack_self_component: 'A product cannot be a component of itself.',
  copack_component_exists: 'This component is already in the bill of materials of this product.',
  copack_no_bom: 'Product {product} has no bill of materials: there is nothing to reserve.',
  bom_needs_component: 'A bill of materials needs at least one component.',
  bom_exists: 'This product already has a bill of materials: open it to change its components.',
  bom_open_order: 'Copack order {order} is not finished and uses this bill of materials: complete or cancel it before deactivating.',
  copack_not_enough: 'Not enough stock in the warehouse to reserve order {order}.',
  copack_stock_changed: 'The stock changed while reserving. Try again.',
  copack_no_location: 'The warehouse has no active production, staging or dock location to produce into.',
  copack_picks_open: '{count} pick task(s) of this order are not done yet.',
  copack_status: 'This order is {status}: only an order that is {allowed} can be {action}.',
  // ---- tasks
  task_status: 'This task is {status}: only a task that is {allowed} can be {action}.',
  assigned_to_other: 'This task is assigned to {assignee}. Confirm to take it over.',
  task_assignee: 'Use a user id, "me" or "none".',
  task_excluded_user: 'This task is offered to every operator but {user}: it cannot go to them.',
  task_take_no_location: 'No location with the code {code}.',
  task_take_none_free: 'No free task at location {location}.',
  task_take_none_free_type: 'No free task of the chosen type at location {location}.',
  task_take_taken: 'The free task at location {location} was taken by someone else meanwhile. Scan again.',
  // ---- printing
  printer_builtin: 'The built-in virtual printer cannot be deleted.',
  printer_give: 'Give a printer id or name.',
  printer_dpi: 'Choose 203 or 300 dpi.',
  printer_dpi_short: 'Choose 203 or 300.',
  printer_address_refused: 'The address {address} is outside the networks allowed for printers.',
  printer_network_invalid: 'Enter IP addresses or CIDR ranges (e.g. 10.0.0.0/8): {network} is neither.',
  printer_network_never: 'Loopback and link-local addresses can never be allowed for printers: {network}.',
  printer_address_not_sent: 'The printer address {address} is outside the networks allowed for printers: no connection was made.',
  printer_unresolved: 'Cannot reach {printer}: the host name does not resolve.',
  print_job_not_found: 'No such print job.',
  print_job_resend: 'A {status} job cannot be resent.',
  // ---- the job queue (ADR 0017)
  job_not_found: 'No such job.',
  job_cancel_state: 'A {state} job cannot be cancelled.',
  job_retry_state: 'A {state} job cannot be retried.',
  job_retry_duplicate: 'Another job of this kind with the same key is already queued or running.',
  job_installation_wide: 'This job belongs to the installation, not to a company: it can be seen here but not retried or cancelled.',
  print_no_location: 'No such location.',
  print_no_pallet: 'No such pallet.',
  print_no_prefix: 'The company has no GS1 company prefix: set one in the company settings to print pallet labels.',
  print_sscc_used_up: 'The SSCC serial numbers of this GS1 company prefix are used up.',
  print_sscc_none_free: 'No unused SSCC serial found; check the company prefix.',
  // ---- GS1
  gs1_ai_twice: 'AI ({ai}) appears twice.',
  gs1_ai_check_digit: 'AI ({ai}) has a wrong check digit.',
  gs1_ai_control: 'AI ({ai}) holds a control character.',
  gs1_ai_date: 'AI ({ai}) is not a valid date.',
  gs1_ai_fixed: 'AI ({ai}) needs {length} characters.',
  gs1_ai_fixed_takes: 'AI ({ai}) takes {length} characters.',
  gs1_ai_range: 'AI ({ai}) takes 1 to {max} characters.',
  gs1_ai_digits: 'AI ({ai}) takes digits only.',
  gs1_ai_unknown: 'Unknown AI ({ai}).',
  gs1_ai_unknown_at: 'Unknown AI at position {position}.',
  gs1_empty: 'Empty element string.',
  gs1_not_bracketed: 'Not a bracketed GS1 element string.',
  gs1_serial_range: 'SSCC serial reference out of range.',
  gs1_code128_char: 'Character {char} cannot be printed in Code 128 here.',
  gs1_code128_empty: 'Nothing to encode.',
  sscc_digits: 'An SSCC has 18 digits.',
  sscc_invalid: 'Enter a valid SSCC (18 digits with a correct check digit).',
  // ---- intake (docs/requirements.md §7.1)
  intake_external_id_twice: 'This external_id appears more than once in this request.',
  intake_none: 'Send at least one document.',
  intake_too_many: 'Send at most {max} documents per request.',
  // ---- receiving
  receiving_needs_line: 'A document needs at least one line.',
  receiving_code_exists: 'A document with this code already exists.',
  receiving_locked: 'Document {document} can no longer be changed: receiving has started (it is {status}).',
  receiving_cancel_status: 'Document {document} is {status}: only an open document can be cancelled.',
  receiving_receive_status: 'Document {document} is {status}: only an open or receiving document can be received.',
  receiving_line_unknown: 'Line {n}: {line} is not a line of document {document}.',
  receiving_line_no_pk: 'Line {n}: Invalid pk "{pk}" - object does not exist.',
  receiving_line_location: "Line {n}: location {location} is not an active location of the document's warehouse.",
  receiving_line_no_destination: 'Line {n}: no destination location; give its pallet a location.',
  receiving_nothing: 'Nothing to receive: give a received or damaged quantity for at least one line.',
  receiving_key_reused: 'This key was already used for another receipt.',
  receiving_pallet_one: 'Pallet {n}: a line can go on one pallet only.',
  receiving_pallet_unreceived: 'Pallet {n}: line(s) {lines} have no received quantity in the draft.',
  receiving_pallet_location: "Pallet {pallet}: location {location} is not an active location of the document's warehouse.",
  receiving_sscc_unknown: 'No open ASN announces the pallet {sscc}.',
  receiving_sscc_received: 'Pallet {sscc} was already received.',
  receiving_save_first: 'Save received quantities first (check step): there is nothing to put on a pallet.',
  // ---- shipping
  shipping_order_needs_line: 'An order needs at least one line.',
  shipping_wave_needs_order: 'A wave needs at least one order.',
  shipping_order_exists: 'A sales order with this code already exists.',
  shipping_wave_exists: 'A wave with this code already exists.',
  shipping_wave_warehouse: "All orders of a wave must belong to the wave's warehouse.",
  shipping_order_in_wave_warehouse: 'The order is in a wave: take it out of the wave before moving it to another warehouse.',
  shipping_order_join_status: 'Order {order} is {status}: only open orders can join a wave.',
  shipping_order_in_wave: 'Order {order} is already in an open wave.',
  shipping_order_cancel_picking: 'Order {order} can no longer be cancelled: picking has started.',
  shipping_order_change_picking: 'Order {order} can no longer be changed: picking has started.',
  shipping_order_change_status: 'Order {order} is {status}: only an open order can be changed.',
  shipping_order_ship_status: 'Order {order} is {status}: only an open order can be shipped.',
  shipping_order_cancel_status: 'This order is {status}: only an open order can be cancelled.',
  shipping_wave_picking: 'Wave {wave} can no longer be {action}: picking has started.',
  shipping_wave_status: 'Wave {wave} is {status}: only an open wave can be {action}.',
  shipping_wave_nothing: 'Wave {wave} has no open order to ship.',
  // the supervisor's view (docs/requirements.md §19.6): a batch handed to someone else
  shipping_batch_assign_status: 'Batch {batch} is {status}: only an open or in-progress batch can be reassigned.',
  shipping_batch_assign_inactive: 'User {user} is inactive: a batch goes to an active user.',
  shipping_draft_status: 'This {kind} is {status}: only an open {kind2} keeps a wizard draft.',
  shipping_packed_mismatch: 'Line {line}: packed {packed} but picked {picked}.',
  shipping_overpick: 'Line {line}: picked {picked}, more than the {remaining} left to ship.',
  shipping_package_twice: 'Package {n}: code {code} is used twice.',
  shipping_package_line_unknown: 'Package {code}: {line} is not a line of this {kind}.',
  shipping_package_not_picked: 'Package {code}: line {line} was not picked.',
  shipping_pick_line_unknown: 'Pick {n}: {line} is not a line of this {kind}.',
  shipping_pick_line_closed: 'Pick {n}: {line} is not an open line of this {kind}.',
  shipping_pick_no_stock_line: 'Pick {n}: stock line {stock_line} does not exist.',
  shipping_pick_other_product: 'Pick {n}: stock line {stock_line} holds another product.',
  shipping_pick_other_warehouse: "Pick {n}: stock line {stock_line} is not in the order's warehouse.",
  shipping_pick_nothing: 'Pick at least one quantity.',
  shipping_key_reused: 'This key was already used for another shipment.',
  // ---- quality
  quality_no_supplier: 'No such supplier.',
  quality_give_address: 'Give an address: the supplier has no email on file.',
  quality_too_many_addresses: 'Give at most 10 addresses.',
  quality_unknown_addresses: "Only addresses on file (the supplier's or a user's) can be written here; ask a supervisor to send to: {addresses}.",
  quality_mail_throttled: 'Too many supplier e-mails in the last hour. Try again later.',
  nested_too_deep: 'Nested too deeply: at most {max} levels.',
  payload_too_large: 'Too large: at most {max} bytes as JSON.',
  refusal_reports_throttled: 'Too many refused commands reported. Try again in {seconds} seconds.',
  // ---- putaway (ADR 0014 shape 1), shipping FEFO and shelf life, batch label printing
  print_batch_too_many: 'One print takes at most {max} locations: narrow the search or print in several batches.',
  warehouse_no_dock: "Warehouse {warehouse} has no active dock location to receive into; add a location of kind dock first.",
  putaway_other_warehouse: "Location {location} is in another warehouse than the task's.",
  putaway_wrong_kind: "Location {location} is a {kind} location; put pallets away into a storage or picking location.",
  putaway_wrong_class: "Location {location} is {found}; this pallet needs a {needed} location.",
  task_not_putaway: "Task {task} is a {type} task, not a putaway.",
  putaway_wrong_pallet: "Pallet {pallet} is not this task's pallet; scan {expected}.",
  putaway_no_pallet: "Task {task} has no pallet to scan; move its stock and finish it.",
  putaway_location_held: "Location {location} holds blocked or quarantined stock; choose another.",
  putaway_location_full: "Location {location} is full ({pallets} of {capacity} pallets); choose another.",
  // §20.3: a storage category's limits, on the putaway command and on a category's or location's save
  putaway_location_too_heavy: 'Location {location} would hold {weight} kg, more than its {max} kg; choose another.',
  putaway_location_class_refused: 'Location {location} does not take {storage_class} products; choose another.',
  putaway_location_mixes_products: 'Location {location} holds a single product; this pallet would mix products there. Choose another.',
  putaway_location_mixes_lots: 'Location {location} holds a single lot; this pallet would mix lots there. Choose another.',
  category_holds_pallets: 'Location {location} holds {pallets} pallets now, more than {max}.',
  category_holds_weight: 'Location {location} holds {weight} kg now, more than {max} kg.',
  category_holds_class: 'Location {location} holds {storage_class} products now.',
  category_holds_products: 'Location {location} holds more than one product now.',
  category_holds_lots: 'Location {location} holds more than one lot now.',
  putaway_rule_needs_place: 'Give a preferred zone or at least one location.',
  putaway_rule_location_other_warehouse: "Location {location} is not in the rule's warehouse.",
  putaway_note_other: "Suggested {suggested}; put away in {location}.",
  putaway_pallet_on_dock: "Pallet {pallet} is still on {dock}: put it away by scanning it and its destination.",
  putaway_stock_on_dock: "Its stock is still on {dock}: move it to its destination first.",
  pick_blocked: "Pick {pick}: {what} is blocked.",
  pick_quarantine: "Pick {pick}: {what} is in quarantine.",
  pick_expired: "Pick {pick}: {what} expired on {date}.",
  pick_shelf_life: "Pick {pick}: {what} expires on {date}, before {floor}, the customer's minimum shelf life.",
  pick_not_fefo: "Pick {pick}: {lot} (expiry {expiry}) is not the FEFO choice ({best}, expiry {best_expiry}): give an override_reason.",
  putaway_one_source_missing: "Give a pallet_code or an sscc.",
  putaway_one_source: "Give only one of pallet_code and sscc.",
  print_choose_location: "Choose at least one location.",
  // ---- short picks (handheld pick and ship)
  short_pick_order_not_open: "Order {order} is {status}: only an open order is picked.",
  short_pick_not_line: "{line} is not a line of order {order}.",
  short_pick_not_short: "A short pick picks less than expected.",
  // ---- cluster picking (docs/requirements.md §19.5)
  batch_not_live: "Pick batch {batch} is {status}: only a batch being picked takes picks.",
  batch_stop_closed: "This stop is {status}: it is not picked again.",
  batch_not_a_stop: "{task} is not a stop of pick batch {batch}.",
  batch_wrong_tote: "Tote {tote} is not order {order}'s: it goes into tote {right}.",
  batch_qty_above_reserved: "{qty} is more than this stop reserves ({reserved}).",
  batch_short_needs_reason: "A short pick needs a reason.",
  batch_stock_not_stop: "Stock line {line} is not this stop's product in its location.",
  batch_lot_expired: "This lot is expired: it is not picked.",
  batch_other_lot_reason: "Picking another lot than the reserved one needs a reason.",
  batch_stock_unavailable: "This stock is not available to pick.",
  batch_lot_free_short: "{qty} is more than this lot has free here.",
  batch_cart_in_use: "Cart {cart} carries pick batch {batch}.",
  invalid_cart_code: 'Enter a valid cart code: letters, digits, "_" or ".".',
  // ---- replenishment (docs/requirements.md §20.2)
  refill_not_task: "{task} is not a replenishment task.",
  refill_task_closed: "This task is {status}: it is not done again.",
  refill_wrong_location: "Wrong location: this refill goes to {face}.",
  refill_stock_not_product: "Stock line {line} is not this refill's product in its warehouse.",
  refill_qty_above: "{qty} is more than this refill asks ({wanted}).",
  // ---- slotting (docs/requirements.md §20.4)
  slotting_no_result: "This warehouse has no slotting result yet: run it first.",
  slotting_unknown_suggestion: "Suggestion {id} is not in this warehouse's last slotting result.",
  slotting_stale_suggestion: "Suggestion {id} is out of date: its faces changed since the result was computed.",
  decimal_3_places: "Enter a number with up to 3 decimals.",
} as const

export type ServerMessageCode = keyof typeof SERVER_MESSAGES

/** A message's code and the values it quotes, as the API sends them beside the English text. */
export interface ServerMessageCoded {
  code: ServerMessageCode
  params: Record<string, string>
}

const PARAM = /\{([a-z_0-9]+)\}/g

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

interface Compiled {
  code: ServerMessageCode
  pattern: RegExp
  names: string[]
  literal: number
}

let compiled: Compiled[] | null = null

function compile(): Compiled[] {
  const out: Compiled[] = []
  for (const [code, template] of Object.entries(SERVER_MESSAGES) as [ServerMessageCode, string][]) {
    const names: string[] = []
    let source = ''
    let last = 0
    for (const match of template.matchAll(PARAM)) {
      // '{01-12}' in a template is text, not a parameter: only {lower_case} names are
      source += escapeRegExp(template.slice(last, match.index))
      source += '([\\s\\S]*?)'
      names.push(match[1])
      last = match.index + match[0].length
    }
    source += escapeRegExp(template.slice(last))
    out.push({ code, pattern: new RegExp(`^${source}$`), names, literal: template.replace(PARAM, '').length })
  }
  // the most specific template first: 'AI (10) takes 1 to 20 characters.' is a range, not a fixed length of '1 to 20'
  return out.sort((a, b) => b.literal - a.literal)
}

/** The code and parameters of one English message from the API, or null when it is not one of SERVER_MESSAGES. */
export function codeOfServerMessage(text: string): ServerMessageCoded | null {
  compiled ??= compile()
  for (const entry of compiled) {
    const match = entry.pattern.exec(text)
    if (!match) continue
    const params: Record<string, string> = {}
    entry.names.forEach((name, i) => {
      params[name] = match[i + 1]
    })
    return { code: entry.code, params }
  }
  return null
}

/**
 * SPEC 14.1, ADR 0015: an error body keeps DRF's shape and English words, and says beside them which message each one
 * is, so the app shows it in the user's language: `{"detail": "...", "code": "...", "params": {...}}`, and for field
 * errors `{"field": ["..."], "codes": {"field": [{"code": "...", "params": {...}} | null]}}` (null: a message the
 * registry does not know, shown in English). A body that already names its `code` (409 assigned_to_other) keeps it.
 */
export function withMessageCodes(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body }
  if (typeof body.detail === 'string') {
    const coded = codeOfServerMessage(body.detail)
    if (coded && (body.code === undefined || body.code === coded.code)) {
      out.code = coded.code
      out.params = coded.params
    }
  }
  const codes: Record<string, (ServerMessageCoded | null)[]> = {}
  for (const [field, value] of Object.entries(body)) {
    // `code` may be a field (a product's, a document's): a list of messages, unlike the detail's code
    if (field === 'detail' || field === 'params' || field === 'codes') continue
    if (!Array.isArray(value) || !value.length || !value.every((m) => typeof m === 'string')) continue
    const list = (value as string[]).map((m) => codeOfServerMessage(m))
    if (list.some(Boolean)) Object.defineProperty(codes, field, { value: list, enumerable: true, writable: true, configurable: true })
  }
  if (Object.keys(codes).length && body.codes === undefined) out.codes = codes
  return out
}
