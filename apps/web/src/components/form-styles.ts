// Styles of the form and data components used by the signed-in screens and sign-up, imported by
// those lazy screens only (see app/styles.ts).
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Skeleton.css';
